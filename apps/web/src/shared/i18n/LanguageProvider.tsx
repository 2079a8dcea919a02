import { LANGUAGES, type Language } from '@yumi/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { i18n } from './setup';

interface LanguageContextValue {
  language: Language;
  setLanguage(language: Language): Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

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
