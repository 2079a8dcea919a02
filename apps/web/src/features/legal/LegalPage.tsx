import { useTranslation } from 'react-i18next';

/** /terms and /privacy: real texts, translated; the privacy policy lists exactly what the app stores. */
export default function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation('download');
  const sections = t(`${kind}.sections`, { returnObjects: true }) as Array<{ heading: string; body: string }>;
  return (
    <article className="page" style={{ maxWidth: 820 }}>
      <h1>{t(`${kind}.title`)}</h1>
      <p className="muted">{t(`${kind}.updated`)}</p>
      {Array.isArray(sections) &&
        sections.map((s) => (
          <section key={s.heading} style={{ marginTop: 24 }}>
            <h2 style={{ fontSize: 20 }}>{s.heading}</h2>
            <p>{s.body}</p>
          </section>
        ))}
    </article>
  );
}
