import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './legal.css';

interface Section {
  heading: string;
  body?: string;
  items?: string[];
}

/** /terms and /privacy: real texts, translated; the privacy policy lists exactly what the app stores. */
export default function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation('download');
  const sections = t(`${kind}.sections`, { returnObjects: true }) as Section[];
  return (
    <article className="page legal-page">
      <p className="legal-kicker">{t('legal.kicker')}</p>
      <h1>{t(`${kind}.title`)}</h1>
      <p className="muted">{t(`${kind}.updated`)}</p>
      <p className="legal-intro">{t(`${kind}.intro`)}</p>
      {Array.isArray(sections) &&
        sections.map((s) => (
          <section key={s.heading} className="legal-section">
            <h2>{s.heading}</h2>
            {s.body && <p>{s.body}</p>}
            {Array.isArray(s.items) && (
              <ul>
                {s.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      <nav className="legal-nav" aria-label={t('legal.related')}>
        <Link to={kind === 'terms' ? '/privacy' : '/terms'}>{kind === 'terms' ? t('privacy.title') : t('terms.title')}</Link>
        <Link to="/">{t('legal.home')}</Link>
      </nav>
    </article>
  );
}
