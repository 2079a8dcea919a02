import { LANGUAGE_NAMES, LANGUAGES, PERSONA_KEYS, type Language, type PersonaKey } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAiSettings } from '../../shared/ai';
import { useBalance } from '../../shared/billing/useBalance';
import { useLanguage } from '../../shared/i18n/LanguageProvider';

/** Timeshard balance, and the language and Yumi personality this browser uses. */
export function PreferencesCard() {
  const { t, i18n } = useTranslation(['common', 'helper']);
  const { balance, isLoading } = useBalance();
  const { language, setLanguage } = useLanguage();
  const { personality, setPersonality } = useAiSettings();
  return (
    <section className="card account-card" aria-labelledby="account-prefs-title">
      <h2 id="account-prefs-title">{t('account.prefs.title')}</h2>
      <dl className="account-prefs">
        <dt>{t('account.prefs.balance')}</dt>
        <dd>
          <span data-testid="account-balance">
            {isLoading || balance === undefined ? '…' : t('account.prefs.timeshards', { count: balance, formatted: balance.toLocaleString(i18n.language) })}
          </span>{' '}
          <Link to="/charge" className="btn btn-sm">
            {t('account.prefs.buy')}
          </Link>
        </dd>
        <dt>
          <label htmlFor="account-language">{t('account.prefs.language')}</label>
        </dt>
        <dd>
          <select id="account-language" className="select" value={language} onChange={(e) => void setLanguage(e.target.value as Language)}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </dd>
        <dt>
          <label htmlFor="account-persona">{t('account.prefs.persona')}</label>
        </dt>
        <dd>
          <select id="account-persona" className="select" value={personality} onChange={(e) => setPersonality(e.target.value as PersonaKey)}>
            {PERSONA_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`helper:personas.${key}.name`)}
              </option>
            ))}
          </select>
        </dd>
      </dl>
      <p className="muted small account-hint">{t('account.prefs.hint')}</p>
    </section>
  );
}
