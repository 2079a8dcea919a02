import { describe, expect, it } from 'vitest';
import { sseEvents } from './fake-llm';
import { useFakeLlmApp } from './fake-llm-app';

/** Real models get the offline assistant's action buttons through a tool call (open_screen). */
const s = useFakeLlmApp();

const chat = (provider: string, model: string, mode = 'report-helper', language = 'en') =>
  s.t.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: { accept: 'text/event-stream', 'accept-language': language },
    payload: { message: 'How do I check my report for plagiarism?', context: { provider, model, personality: 'teacher', mode } },
  });

type Tool = { type: string; function?: { name: string; parameters: { properties: { target: { enum: string[] } } } }; name?: string; input_schema?: { properties: { target: { enum: string[] } } } };

describe('open_screen: an answer about a tool carries a button that opens it', () => {
  it('OpenAI: the tool is offered with the targets of this mode, and its call becomes a button in the user’s language', async () => {
    s.fake.reset({ kind: 'ok', words: ['Open', ' the', ' checker.'], toolCall: { name: 'open_screen', arguments: '{"target":"tool:plagiarism-check"}' } });
    const res = await chat('openai', 'gpt-4o-mini', 'report-helper', 'ja');
    const done = sseEvents(res.body).at(-1)!;
    expect(done.type).toBe('done');
    expect(done.message).toBe('Open the checker.\n\n[剽窃チェックを開く](/writing?screen=report&tool=plagiarism-check)');
    const tools = s.fake.requests[0]!.body.tools as Tool[];
    const targets = tools[0]!.function!.parameters.properties.target.enum;
    expect(tools[0]!.function!.name).toBe('open_screen');
    expect(targets).toEqual(expect.arrayContaining(['/account', 'tool:plagiarism-check', 'tool:citation-manager']));
    // Report tools here; the canvas's are for the anime helper; the admin page only for admins.
    expect(targets).not.toContain('tool:layers');
    expect(targets).not.toContain('/admin');
  });

  it('Anthropic: tool_use works the same; an unknown target, another tool or broken arguments add nothing', async () => {
    s.fake.reset({ kind: 'ok', words: ['Here.'], toolCall: { name: 'open_screen', arguments: '{"target":"/account"}' } });
    const ok = sseEvents((await chat('claude', 'claude-3-haiku', 'main')).body).at(-1)!;
    expect(ok.message).toBe('Here.\n\n[Open your account](/account)');
    expect((s.fake.requests[0]!.body.tools as Tool[])[0]!.name).toBe('open_screen');

    s.fake.reset({ kind: 'ok', words: ['Here.'], toolCall: { name: 'open_screen', arguments: '{"target":"javascript:alert(1)"}' } });
    expect(sseEvents((await chat('claude', 'claude-3-haiku', 'main')).body).at(-1)!.message).toBe('Here.');
    s.fake.reset({ kind: 'ok', words: ['Here.'], toolCall: { name: 'delete_everything', arguments: '{}' } });
    expect(sseEvents((await chat('openai', 'gpt-4o-mini', 'main')).body).at(-1)!.message).toBe('Here.');
    // Arguments that are not JSON (a cut-off call) are no call at all.
    s.fake.reset({ kind: 'ok', words: ['Here.'], toolCall: { name: 'open_screen', arguments: '{"target":"/acc' } });
    expect(sseEvents((await chat('claude', 'claude-3-haiku', 'main')).body).at(-1)).toMatchObject({ type: 'done', message: 'Here.' });
  });

  it('self-hosted models are not offered tools (many cannot take them)', async () => {
    await chat('openai-compatible', 'llama3.1');
    expect(s.fake.requests[0]!.body.tools).toBeUndefined();
  });
});
