import { imagesApi, type GeneratedImage } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { useOnline } from '../../shared/hooks/useOnline';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { downloadImage } from '../../shared/image-generation/hooks';
import { removeFromDevice, type DevicePicture } from '../../shared/image-generation/offline/devicePictures';
import { PostProcessPanel } from './PostProcessPanel';

/**
 * One gallery image: open, download, delete, reuse its settings, post-process it. A picture drawn offline
 * lives only on this device until the app sends it to the gallery (deleted here meanwhile; the server's tools
 * cannot reach it yet); offline, what needs the server says so.
 */
export function ImageViewer(props: { image: DevicePicture | null; onClose(): void; onDeleted(id: string): void; onReuse(image: GeneratedImage): void; onProcessed(image: GeneratedImage): void }) {
  const { t, i18n } = useTranslation('image');
  const online = useOnline();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const image = props.image;
  if (!image) return null;
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      if (!image.madeHere) await call(imagesApi.delete, { params: { id: image.id } }, { retries: 0 });
      // The copy kept for offline use goes with it.
      await removeFromDevice(image.id);
      props.onDeleted(image.id);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };
  const params = image.params as { steps?: number; guidance?: number; theme?: string };
  return (
    <Dialog open onOpenChange={(v) => !v && props.onClose()} title={t('viewer.title')} description={new Date(image.createdAt).toLocaleString(i18n.language)} wide>
      <div className="viewer">
        <a href={image.url} target="_blank" rel="noreferrer" className="viewer-image">
          <img src={image.url} alt={image.prompt || t('viewer.untitled')} />
        </a>
        <div className="viewer-side">
          <dl className="viewer-meta">
            <dt>{t('studio.prompt')}</dt>
            <dd>{image.prompt || '—'}</dd>
            {image.negativePrompt && (
              <>
                <dt>{t('studio.negativePrompt')}</dt>
                <dd>{image.negativePrompt}</dd>
              </>
            )}
            <dt>{t('viewer.details')}</dt>
            <dd>
              {image.provider}
              {image.model ? ` · ${image.model}` : ''} · {image.width}×{image.height} · {t('studio.seed')} {image.seed}
              {params.steps ? ` · ${t('studio.steps')} ${params.steps}` : ''}
              {image.cost ? ` · ${t('viewer.cost', { cost: image.cost })}` : ''}
            </dd>
          </dl>
          <div className="viewer-actions">
            <a className="btn btn-sm" href={image.url} target="_blank" rel="noreferrer">
              {t('viewer.open')}
            </a>
            <Button size="sm" onClick={() => downloadImage(image.url, `yumi-${image.id.slice(0, 8)}.png`)}>
              {t('viewer.download')}
            </Button>
            <Button size="sm" onClick={() => props.onReuse(image)} disabled={!image.prompt}>
              {t('viewer.reuse')}
            </Button>
            {confirm ? (
              <Button size="sm" variant="danger" onClick={() => void remove()} disabled={busy}>
                {t('viewer.confirmDelete')}
              </Button>
            ) : (
              <Button size="sm" variant="danger" onClick={() => setConfirm(true)} disabled={!online && !image.madeHere}>
                {t('viewer.delete')}
              </Button>
            )}
          </div>
          {error && <div className="alert alert-error">{error}</div>}
          {image.madeHere ? (
            <p className={image.refused ? 'alert alert-warning' : 'muted small'}>{image.refused ? t('viewer.refused', { reason: image.refused }) : t('viewer.madeHere')}</p>
          ) : online ? (
            <PostProcessPanel source={{ imageId: image.id }} onDone={props.onProcessed} />
          ) : (
            <p className="alert alert-info" role="status">
              {t('viewer.offline')}
            </p>
          )}
        </div>
      </div>
    </Dialog>
  );
}
