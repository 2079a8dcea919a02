import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FAQ, LANGUAGES, MODEL_CATALOGUE, PERSONA_KEYS, PERSONAS } from '@yumi/core';
import { describe, expect, it } from 'vitest';

const load = (lng: string) => JSON.parse(readFileSync(join(__dirname, '../../../public/locales', lng, 'helper.json'), 'utf8'));

describe('helper namespace', () => {
  it('keeps the English copy identical to the FAQ and personas the offline assistant answers from', () => {
    const en = load('en');
    for (const f of FAQ) expect(en.faq.items[f.id]).toEqual({ q: f.question, a: f.answer });
    for (const key of PERSONA_KEYS) {
      const p = PERSONAS[key];
      expect(en.personas[key]).toMatchObject({ name: p.name, description: p.description, traits: p.traits, hint: p.hint, greeting: p.voice.greeting });
    }
    for (const m of MODEL_CATALOGUE) expect(en.models.items[m.id]).toBe(m.description);
  });

  it('translates every persona with three traits and keeps the spec chat failure message', () => {
    for (const lng of LANGUAGES) {
      const data = load(lng);
      for (const key of PERSONA_KEYS) expect(data.personas[key].traits, `${lng} ${key}`).toHaveLength(3);
      for (const mode of ['main', 'writing-helper', 'report-helper', 'anime-chara-helper']) expect(Object.keys(data.quick[mode])).toHaveLength(4);
    }
    expect(load('en').chat.failure).toBe('Sorry, I encountered an error. Please try again.');
  });
});
