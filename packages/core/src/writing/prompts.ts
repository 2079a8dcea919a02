import type { Character } from '../anime/characters';
import type { ControlLevel } from './control';
import type { Tone } from './refinement';

/** Prompts the Writing Helper's model tools send; pure so they can be tested without a model. */

const LEVEL_GUIDE: Record<ControlLevel, string> = {
  precise: 'Stay very close to the author: same voice, same facts, no new characters or events.',
  balanced: 'Keep the author voice and direction; small new details are welcome.',
  freestyle: 'Feel free to surprise: new images, turns and details, as long as it still fits.',
};

/** The last part of a long text, so prompts stay within a model's context. */
export function tail(text: string, maxChars = 6000): string {
  return text.length <= maxChars ? text : text.slice(text.length - maxChars);
}

export function continuePrompt(before: string, after: string, level: ControlLevel): string {
  return [
    'Continue the story or text below from exactly where the cursor is.',
    LEVEL_GUIDE[level],
    'Write one or two paragraphs in the same language as the text. Answer with the continuation only, no preface, no quotes.',
    '',
    '<text_before_cursor>',
    tail(before),
    '</text_before_cursor>',
    after.trim() ? `<text_after_cursor>\n${after.slice(0, 1500)}\n</text_after_cursor>` : '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

export function versionInstructions(kind: 'main' | 'alternative', level: ControlLevel, refinement?: string): string {
  const base =
    kind === 'main'
      ? 'Revise this text: improve flow, clarity and imagery while keeping its meaning, voice and language.'
      : 'Write a bolder alternative version of this text: same story and language, a fresh angle, different imagery and rhythm.';
  return [base, LEVEL_GUIDE[level], refinement ? `The author asked for: ${refinement}.` : '', 'Answer with the revised text only.']
    .filter(Boolean)
    .join(' ');
}

export function toneInstructions(tone: Tone): string {
  const guide: Record<Tone, string> = {
    formal: 'Rewrite in a formal register: full words, measured sentences, no slang.',
    casual: 'Rewrite in a relaxed, casual register, like talking to a friend.',
    emotional: 'Rewrite so the feelings come through more strongly and vividly.',
    humorous: 'Rewrite with a light, humorous touch, without losing the content.',
  };
  return `${guide[tone]} Keep the language of the text. Answer with the rewritten text only.`;
}

export interface CollabCharacter {
  name: string;
  age?: string | number | null;
  background?: string | null;
  catchphrase?: string | null;
  traits?: string[] | null;
  looks?: string[] | null;
}

/** A saved character as the co-writer sees it: the design brief holds everything but the name. */
export function collabCharacter(character: Pick<Character, 'name' | 'brief'>): CollabCharacter {
  const { brief } = character;
  return {
    name: (brief.name.trim() || character.name).trim(),
    age: brief.age.trim() || null,
    background: brief.background.trim() || null,
    catchphrase: brief.catchphrase.trim() || null,
    traits: brief.personalityTraits,
    looks: [...brief.visualMotifs, ...brief.designElements],
  };
}

export function collabPrompt(character: CollabCharacter, text: string, role: 'dialogue' | 'narration', direction: string): string {
  const sheet = [
    `Name: ${character.name}`,
    character.age !== undefined && character.age !== null && character.age !== '' ? `Age: ${character.age}` : '',
    character.background ? `Background: ${character.background}` : '',
    character.catchphrase ? `Catchphrase: ${character.catchphrase}` : '',
    character.traits?.length ? `Traits: ${character.traits.join(', ')}` : '',
    character.looks?.length ? `Looks: ${character.looks.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const task =
    role === 'dialogue'
      ? `Write ${character.name}'s next lines of dialogue, in their own voice, reacting to the story so far. Format each line as "${character.name}: ...".`
      : `Write the next short passage of narration from ${character.name}'s point of view, in their voice.`;
  return [
    'You are co-writing a story with the author. Stay in character.',
    '<character>',
    sheet,
    '</character>',
    task,
    direction.trim() ? `Author's direction: ${direction.trim()}` : '',
    'Use the same language as the story. Answer with the new text only.',
    '<story>',
    tail(text, 4000),
    '</story>',
  ]
    .filter(Boolean)
    .join('\n');
}

export function rubricPrompt(promptType: 'essay' | 'exam', task: string, text: string, wordLimit: number): string {
  return [
    `Assess this ${promptType === 'essay' ? 'essay' : 'exam composition'} written under time pressure.`,
    task.trim() ? `The task was: ${task.trim()}` : '',
    `Word limit: ${wordLimit}.`,
    'Score each criterion from 1 to 5 with one sentence of reason: Task response, Organisation, Vocabulary, Grammar, Style.',
    'Then give three concrete suggestions. Answer in the language of the text, as a short Markdown list.',
    '<composition>',
    tail(text, 12000),
    '</composition>',
  ]
    .filter(Boolean)
    .join('\n');
}
