import type { ChatArchive } from '@yumi/core';

/** Markdown transcript of an archive: a header with its details, then each message. */
export function archiveToMarkdown(a: ChatArchive, labels: { you: string; yumi: string; model: string; mode: string; personality: string; date: string }): string {
  const lines = [
    `# ${a.title}`,
    '',
    `- ${labels.date}: ${new Date(a.timestamp).toLocaleString()}`,
    `- ${labels.model}: ${a.provider} / ${a.model}`,
    `- ${labels.mode}: ${a.mode}`,
    `- ${labels.personality}: ${a.personality}`,
    '',
  ];
  for (const m of a.messages) {
    lines.push(`**${m.role === 'user' ? labels.you : labels.yumi}** (${new Date(m.timestamp).toLocaleString()}):`, '', m.content, '');
  }
  return lines.join('\n');
}

export function archiveFileName(a: ChatArchive, ext: 'md' | 'json'): string {
  const slug = a.title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 40) || 'chat';
  return `yumi-chat-${a.timestamp.slice(0, 10)}-${slug}.${ext}`;
}
