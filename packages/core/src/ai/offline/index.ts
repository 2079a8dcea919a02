export * from './answer';
export * from './words';
export * from './knowledge';
export type { OfflineLocale, OfflineVoiceText } from './types';
export { restyle } from './voice';
