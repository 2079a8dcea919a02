import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, NAMESPACES } from '@yumi/core';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../../public/locales');

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => keys(v, `${prefix}[${i}]`));
  return [prefix];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Plain keys, plus each plural key once as `base_*`: languages differ in their plural forms. */
const shape = (all: string[]) => [...new Set(all.map((k) => k.replace(PLURAL, '_*')))].sort();
/** Plural keys a language lacks: Japanese, Chinese and Korean need only `_other`, English `_one` too. */
function missingPlurals(all: string[], lng: string): string[] {
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const bases = new Set(all.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
  return [...bases].flatMap((b) => categories.map((c) => `${b}_${c}`)).filter((k) => !all.includes(k));
}

const load = (lng: string, ns: string) => JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8'));

describe('translations', () => {
  const present = readdirSync(join(root, 'en')).map((f) => f.replace(/\.json$/, ''));

  it('only uses the spec namespaces', () => {
    for (const ns of present) expect(NAMESPACES).toContain(ns);
  });

  for (const ns of present) {
    it(`has every key of ${ns} in every language, none empty`, () => {
      const english = keys(load('en', ns));
      for (const lng of LANGUAGES) {
        const data = load(lng, ns);
        expect(shape(keys(data)), `${lng}/${ns}`).toEqual(shape(english));
        expect(missingPlurals(keys(data), lng), `${lng}/${ns} plural forms`).toEqual([]);
        const empty = keys(data).filter((k) => {
          const v = k.split(/\.|\[|\]\.?/).filter(Boolean).reduce<unknown>((o, p) => (o as Record<string, unknown>)?.[p], data);
          return typeof v === 'string' && v.trim() === '';
        });
        expect(empty, `${lng}/${ns} empty values`).toEqual([]);
      }
    });
  }
});
