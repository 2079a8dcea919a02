import { DEFAULT_NAMESPACE, FALLBACK_LANGUAGE, isSafeLanguageCode, LANGUAGE_COOKIE_DAYS, LANGUAGES } from '@yumi/core';
import i18n, { type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

const LANGUAGE_STORAGE_KEY = 'language';

/** i18next with lazily loaded JSON files at /locales/{lng}/{ns}.json (first document §7, §9). */
export function initI18n() {
  return i18n.use(HttpBackend).use(LanguageDetector).use(initReactI18next).init(I18N_OPTIONS);
}

/** The options, exported so the loader's behaviour (retries, failures, detection) is tested as shipped. */
export const I18N_OPTIONS = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  load: 'languageOnly',
  ns: ['common', DEFAULT_NAMESPACE],
  defaultNS: DEFAULT_NAMESPACE,
  fallbackNS: 'common',
  keySeparator: '.',
  nsSeparator: ':',
  // Translation load retries: 5 tries from 350 ms doubling, at most 10 reads at once.
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  backend: { loadPath: '/locales/{{lng}}/{{ns}}.json', addPath: '/locales/add/{{lng}}/{{ns}}' },
  detection: {
    order: ['querystring', 'cookie', 'localStorage', 'navigator'],
    lookupQuerystring: 'lng',
    lookupCookie: 'i18next',
    lookupLocalStorage: LANGUAGE_STORAGE_KEY,
    cookieMinutes: LANGUAGE_COOKIE_DAYS * 24 * 60,
    caches: ['localStorage', 'cookie'],
    // A detected code that looks like script injection is discarded.
    convertDetectedLanguage: (lng: string) => (isSafeLanguageCode(lng) ? lng : ''),
  },
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
  returnNull: false,
} satisfies InitOptions;

export { i18n };
