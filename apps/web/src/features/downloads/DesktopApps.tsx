import { detectPlatform, formatBytes, type InstallersResponse } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';

const PLATFORMS = ['windows', 'mac'] as const;

/** Windows and macOS cards; a card links to its installer only when the operator published one. */
export function DesktopApps() {
  const { t } = useTranslation('download');
  const query = useQuery({ queryKey: ['installers'], queryFn: () => api.get<InstallersResponse>('/api/installers', { retries: 1 }), staleTime: 60_000 });
  const visitor = detectPlatform(navigator.userAgent, navigator.platform);
  return (
    <div className="installer-grid">
      {PLATFORMS.map((platform) => {
        const file = query.data?.installers.find((i) => i.platform === platform);
        const features = t(`desktop.${platform}.features`, { returnObjects: true }) as string[];
        return (
          <article key={platform} className={`installer-card${visitor === platform ? ' is-recommended' : ''}`} data-testid={`installer-${platform}`}>
            <header className="installer-head">
              <span className={`os-icon os-${platform}`} aria-hidden="true">
                {platform === 'windows' ? '⊞' : ''}
              </span>
              <div>
                <h3>{t(`desktop.${platform}.name`)}</h3>
                <p className="muted">{t(`desktop.${platform}.requirements`)}</p>
              </div>
              {visitor === platform && <span className="badge">{t('desktop.recommended')}</span>}
            </header>
            <ul className="feature-list">
              {Array.isArray(features) && features.map((f) => <li key={f}>{f}</li>)}
            </ul>
            {query.isLoading ? (
              <div className="installer-action muted" aria-busy="true">
                {t('desktop.checking')}
              </div>
            ) : file ? (
              <a className="btn btn-primary installer-action" href={file.url} download={file.filename}>
                {t('desktop.download', { size: formatBytes(file.size) })}
              </a>
            ) : (
              <p className="installer-action installer-missing">{query.isError ? t('desktop.unavailable') : t('desktop.notPublished')}</p>
            )}
            {file && <p className="installer-file muted">{file.filename}</p>}
          </article>
        );
      })}
    </div>
  );
}
