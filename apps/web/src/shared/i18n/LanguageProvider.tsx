import { LANGUAGES, type Language } from '@yumi/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { i18n } from './setup';

interface LanguageContextValue {
  language: Language;
  setLanguage(language: Language): Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * CJK fonts are large, so they load only for the language that needs them (each CSS file declares
 * unicode-range subsets, so the browser then fetches only the glyph files a page uses).
 */
const CJK_FONTS: Partial<Record<Language, () => Promise<unknown>>> = {
  ja: () => Promise.all([import('@fontsource/noto-sans-jp/400.css'), import('@fontsource/noto-sans-jp/700.css')]),
  zh: () => Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')]),
  ko: () => Promise.all([import('@fontsource/noto-sans-kr/400.css'), import('@fontsource/noto-sans-kr/700.css')]),
};
const loadedFonts = new Set<Language>();
function loadLanguageFont(language: Language): void {
  const load = CJK_FONTS[language];
  if (!load || loadedFonts.has(language)) return;
  loadedFonts.add(language);
  load().catch(() => loadedFonts.delete(language)); // offline: the system's CJK font is used meanwhile
}

const current = (): Language => {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2) as Language;
  return LANGUAGES.includes(lng) ? lng : 'en';
};

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(current);
  useEffect(() => {
    const onChange = () => {
      setState(current());
      document.documentElement.lang = current();
      loadLanguageFont(current());
    };
    onChange();
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  const setLanguage = useCallback(async (next: Language) => {
    await i18n.changeLanguage(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const ctx = useContext(LanguageContext);
  if (!ctx) throw new Error('useLanguage must be used within a LanguageProvider');
  return ctx;
}
