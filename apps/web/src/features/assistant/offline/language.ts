import { LANGUAGES, type Language } from '@yumi/core';

/** The language the server would answer in: the one on screen (the client sends it as Accept-Language). */
export function screenLanguage(lang: string | undefined): Language {
  const code = (lang ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : 'en';
}
