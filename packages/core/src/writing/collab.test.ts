import { describe, expect, it } from 'vitest';
import { EMPTY_BRIEF } from '../anime/characters';
import { collabCharacter, collabPrompt } from './prompts';

describe('co-writing with a saved character', () => {
  it('the prompt carries the design brief, not only the name', () => {
    const saved = {
      name: 'Hana',
      brief: {
        ...EMPTY_BRIEF,
        age: '17',
        background: 'Keeps the shrine on the hill and feeds the stray cats.',
        catchphrase: 'Leave it to me!',
        personalityTraits: ['cheerful', 'stubborn'],
        visualMotifs: ['cherry blossoms'],
        designElements: ['red ribbon'],
      },
    };
    const prompt = collabPrompt(collabCharacter(saved), 'The rain had stopped.', 'dialogue', '');
    expect(prompt).toContain('Name: Hana');
    expect(prompt).toContain('Age: 17');
    expect(prompt).toContain('Background: Keeps the shrine on the hill');
    expect(prompt).toContain('Catchphrase: Leave it to me!');
    expect(prompt).toContain('Traits: cheerful, stubborn');
    expect(prompt).toContain('Looks: cherry blossoms, red ribbon');
  });

  it('an empty brief gives the name alone, and a brief name wins over the library name', () => {
    expect(collabCharacter({ name: 'Hana', brief: EMPTY_BRIEF })).toMatchObject({ name: 'Hana', age: null, background: null, catchphrase: null, traits: [] });
    const sheet = collabPrompt(collabCharacter({ name: 'Hana', brief: EMPTY_BRIEF }), '', 'narration', '');
    expect(sheet.split('<character>')[1]!.split('</character>')[0]!.trim()).toBe('Name: Hana');
    expect(collabCharacter({ name: 'file name', brief: { ...EMPTY_BRIEF, name: 'Hana Sakura' } }).name).toBe('Hana Sakura');
  });
});
