/** Languages and translation namespaces (first document §9). */
export const LANGUAGES = ['en', 'ja', 'zh', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ja: '日本語', zh: '中文', ko: '한국어' };
export const NAMESPACES = ['main', 'writing', 'report', 'helper', 'anime', 'image', 'billing', 'download', 'common'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'main';
export const LANGUAGE_COOKIE_DAYS = 30;

export function isLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

/** A detected language code is only trusted when it looks like a language tag (no script injection). */
export function isSafeLanguageCode(code: string): boolean {
  return /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(code);
}
