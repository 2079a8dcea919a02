import { applyControlLevel, defaultControlSettings, emptyHistory } from '@yumi/core';
import { describe, expect, it } from 'vitest';
import { aiContext } from './ai';
import { generateVersions, VersionsRefused, type EditFn } from './versions';

/** A fake provider: answers with the instruction's first word and the text, and records each call. */
function fakeEdit() {
  const calls: Array<{ instructions: string; text: string }> = [];
  const edit: EditFn = async (body) => {
    calls.push(body);
    return `${body.instructions.split(' ')[0]} ${body.text}`;
  };
  return { edit, calls };
}

const ai = aiContext({ provider: 'openai', model: 'gpt-4o-mini' }, 'otaku');

describe('generate versions with a fake provider', () => {
  it('makes a main (0.8) and an alternative (0.7) at the defaults', async () => {
    const { edit, calls } = fakeEdit();
    const versions = await generateVersions({ text: 'The rain fell.', control: defaultControlSettings('writing'), history: emptyHistory(), ai, edit, idPrefix: 'x' });
    expect(versions.map((v) => [v.type, v.metadata.aiConfidence])).toEqual([
      ['main', 0.8],
      ['alternative', 0.7],
    ]);
    expect(versions[0]!.content).toBe('Revise The rain fell.');
    expect(versions[1]!.content).toBe('Write The rain fell.');
    expect(versions[0]!.metadata.personalityInfluence).toBe('otaku');
    expect(versions[0]!.metadata.refinementsSuggested.length).toBeLessThanOrEqual(6);
    expect(calls).toHaveLength(2);
  });

  it('skips the alternative when suggestions are not allowed', async () => {
    const { edit } = fakeEdit();
    const control = { ...defaultControlSettings('writing'), allowSuggestions: false };
    const versions = await generateVersions({ text: 'Hi.', control, history: emptyHistory(), ai, edit });
    expect(versions.map((v) => v.type)).toEqual(['main']);
  });

  it('refuses blank text and non-iterative mode without calling the model', async () => {
    const { edit, calls } = fakeEdit();
    await expect(generateVersions({ text: '  ', control: defaultControlSettings('writing'), history: emptyHistory(), ai, edit })).rejects.toEqual(new VersionsRefused('empty'));
    const precise = applyControlLevel(defaultControlSettings('writing'), 'precise');
    await expect(generateVersions({ text: 'x', control: precise, history: emptyHistory(), ai, edit })).rejects.toMatchObject({ reason: 'notIterative' });
    expect(calls).toHaveLength(0);
  });

  it('passes a refinement into the instructions', async () => {
    const { edit, calls } = fakeEdit();
    await generateVersions({ text: 'x', control: defaultControlSettings('writing'), history: emptyHistory(), ai, edit, refinement: 'More dialogue' });
    expect(calls[0]!.instructions).toContain('The author asked for: More dialogue.');
  });

  it('propagates MODEL_REQUIRED from the provider', async () => {
    const edit: EditFn = async () => {
      throw Object.assign(new Error('This needs a language model. Connect one in the Models tab.'), { code: 'MODEL_REQUIRED' });
    };
    await expect(generateVersions({ text: 'x', control: defaultControlSettings('writing'), history: emptyHistory(), ai, edit })).rejects.toMatchObject({ code: 'MODEL_REQUIRED' });
  });
});
