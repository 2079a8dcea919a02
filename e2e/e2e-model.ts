import type { FakeScript } from '../apps/server/test/fake-llm';

// The fake language model of the browser suite (started by e2e/serve.ts beside the server).

export const E2E_MODEL = 'yumi-e2e-model';

/** The last user message's text (the AI SDK sends a lone text part as a plain string). */
function lastUserText(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const content = messages.findLast((m) => m.role === 'user')?.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? '').join('') : '';
}

const failed = new Set<string>();

/**
 * What the e2e model answers, decided by the message alone (tests run in parallel, so nothing is set per test):
 * - `[hang]` in the message: it never answers (the user stops the answer);
 * - `[fail-once <tag>]`: HTTP 500 the first time that tag is seen, an answer afterwards (error, then retry);
 * - an edit (`/api/edit`'s "Instructions: … Text: <<< … >>>"): the text prefixed with the first word of the
 *   instructions and a colon, so a test sees which instruction was applied to which text;
 * - anything else: "Once more the bell rang." in three pieces.
 */
export function e2eReply(body: Record<string, unknown>): FakeScript {
  const text = lastUserText(body);
  if (text.includes('[hang]')) return { kind: 'hang' };
  const failOnce = /\[fail-once [^\]]+\]/.exec(text)?.[0];
  if (failOnce && !failed.has(failOnce)) {
    failed.add(failOnce);
    return { kind: 'status', status: 500 };
  }
  const edit = /^Instructions: (.*)\n\nText:\n<<<\n([\s\S]*)\n>>>$/.exec(text);
  if (edit) return { kind: 'ok', words: [`${edit[1]!.split(' ')[0]}:`, ` ${edit[2]}`] };
  return { kind: 'ok', words: ['Once', ' more', ' the bell rang.'] };
}
