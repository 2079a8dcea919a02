import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from './useInstallPrompt';
import { Button } from '../../shared/ui/Button';

/** Installs the progressive web app: the browser's prompt when offered, otherwise the manual steps. */
export function WebAppInstall({ variant }: { variant: 'mobile' | 'web' }) {
  const { t } = useTranslation('download');
  const { available, installed, install } = useInstallPrompt();
  const [result, setResult] = useState<'accepted' | 'dismissed' | null>(null);
  const steps = (key: string) => (t(key, { returnObjects: true }) as string[]) ?? [];
  return (
    <div className="webapp">
      <div className="webapp-intro">
        <h3>{t(`${variant}.title`)}</h3>
        <p className="muted">{t(`${variant}.body`)}</p>
        {installed ? (
          <p className="alert alert-success">{t('install.already')}</p>
        ) : available ? (
          <Button variant="primary" onClick={async () => setResult((await install()) ? 'accepted' : 'dismissed')}>
            {t('install.button')}
          </Button>
        ) : (
          <p className="alert alert-info">{t('install.manual')}</p>
        )}
        {result && <p className="muted" role="status">{t(`install.${result}`)}</p>}
      </div>
      <div className="steps-grid">
        {variant === 'mobile' ? (
          <>
            <section>
              <h4>{t('mobile.ios')}</h4>
              <ol>{Array.isArray(steps('mobile.iosSteps')) && steps('mobile.iosSteps').map((s) => <li key={s}>{s}</li>)}</ol>
            </section>
            <section>
              <h4>{t('mobile.android')}</h4>
              <ol>{Array.isArray(steps('mobile.androidSteps')) && steps('mobile.androidSteps').map((s) => <li key={s}>{s}</li>)}</ol>
            </section>
          </>
        ) : (
          <>
            <section>
              <h4>{t('web.desktopBrowsers')}</h4>
              <ol>{Array.isArray(steps('web.desktopSteps')) && steps('web.desktopSteps').map((s) => <li key={s}>{s}</li>)}</ol>
            </section>
            <section>
              <h4>{t('web.safari')}</h4>
              <ol>{Array.isArray(steps('web.safariSteps')) && steps('web.safariSteps').map((s) => <li key={s}>{s}</li>)}</ol>
            </section>
            <section>
              <h4>{t('web.otherBrowsers')}</h4>
              <p className="muted">{t('web.otherBody')}</p>
            </section>
            <section>
              <h4>{t('web.offline')}</h4>
              <p className="muted">{t('web.offlineBody')}</p>
            </section>
          </>
        )}
      </div>
    </div>
  );
}
