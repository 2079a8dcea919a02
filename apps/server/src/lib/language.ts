import { LANGUAGES, type Language } from '@yumi/core';

/**
 * The language of an `Accept-Language` header among ours (the web client sends the one on screen);
 * English when none of ours is named.
 */
export function languageOf(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if ((LANGUAGES as readonly string[]).includes(code)) return code as Language;
  }
  return 'en';
}

/** A user-facing text in each of our languages; `{name}` placeholders are filled by `localize`. */
export type LocalizedText = Readonly<Record<Language, string>>;

export function localize(text: LocalizedText, language: Language, params: Record<string, string | number> = {}): string {
  return text[language].replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
