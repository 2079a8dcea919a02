import { useTranslation } from 'react-i18next';

/** Grey bars in the shape of what is loading; announced once as loading, the bars themselves are hidden. */
export function Skeleton({ lines = 3 }: { lines?: number }) {
  const { t } = useTranslation('common');
  return (
    <div className="skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}
