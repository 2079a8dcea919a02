import { detectPlatform, endpointRef, formatBytes, type appApi, type InstallerFile } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { LayoutGrid, Laptop } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';

// A reference, not the declaration: the launcher loads this section, and the declaration would bring zod.
const INSTALLERS = endpointRef<typeof appApi.installers>('GET', '/api/installers');

/** The desktop installers the operator published on this server (GET /api/installers). */
export function useInstallers() {
  return useQuery({ queryKey: ['installers'], queryFn: () => call(INSTALLERS, {}, { retries: 1 }), staleTime: 60_000 });
}

/** A card per published installer (only those: the server lists files that exist), the visitor's own first. */
export function DesktopApps({ installers }: { installers: InstallerFile[] }) {
  const { t } = useTranslation('download');
  const visitor = detectPlatform(navigator.userAgent, navigator.platform);
  const sorted = [...installers].sort((a, b) => Number(b.platform === visitor) - Number(a.platform === visitor));
  return (
    <div className="installer-grid">
      {sorted.map((file) => {
        const platform = file.platform;
        const features = t(`desktop.${platform}.features`, { returnObjects: true }) as string[];
        return (
          <article key={file.filename} className={`installer-card${visitor === platform ? ' is-recommended' : ''}`} data-testid={`installer-${platform}`}>
            <header className="installer-head">
              <span className={`os-icon os-${platform}`} aria-hidden="true">
                {platform === 'windows' ? <LayoutGrid /> : <Laptop />}
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
            <a className="btn btn-primary installer-action" href={file.url} download={file.filename}>
              {t('desktop.download', { size: formatBytes(file.size) })}
            </a>
            <p className="installer-file muted">{file.filename}</p>
          </article>
        );
      })}
    </div>
  );
}
