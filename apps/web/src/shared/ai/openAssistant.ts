/** Any screen can open the assistant on a tab, optionally sending a prompt; the overlay listens. */
export const ASSISTANT_EVENT = 'yumi:open-assistant';
export interface OpenAssistantDetail {
  tab?: 'chat' | 'tutorial' | 'personality' | 'models';
  message?: string;
}
export function openAssistant(detail: OpenAssistantDetail = {}): void {
  window.dispatchEvent(new CustomEvent<OpenAssistantDetail>(ASSISTANT_EVENT, { detail }));
}
