import { asSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { actionButton, openScreenTool } from './actions';

describe('open_screen', () => {
  it('is declared to the SDK with the targets of the mode as an enum', async () => {
    const tools = openScreenTool(false, 'report-helper');
    expect(Object.keys(tools)).toEqual(['open_screen']);
    const schema = (await asSchema(tools.open_screen!.inputSchema).jsonSchema) as { properties: { target: { enum: string[] } }; required: string[] };
    expect(schema.required).toEqual(['target']);
    expect(schema.properties.target.enum).toEqual(expect.arrayContaining(['/account', 'tool:plagiarism-check']));
    expect(schema.properties.target.enum).not.toContain('/admin');
    expect(openScreenTool(true, 'main').open_screen!.description).toContain('/admin');
  });

  it('turns a parsed call into a button; anything else the model sends adds nothing', () => {
    expect(actionButton('open_screen', { target: '/account' }, 'en', false)).toBe('[Open your account](/account)');
    expect(actionButton('open_screen', { target: '/admin' }, 'en', false)).toBeNull();
    for (const input of [null, undefined, '{"target":"/account"}', ['/account'], 42, {}, { target: 'javascript:alert(1)' }]) {
      expect(actionButton('open_screen', input, 'en', false), JSON.stringify(input)).toBeNull();
    }
    expect(actionButton('delete_everything', { target: '/account' }, 'en', false)).toBeNull();
  });
});
