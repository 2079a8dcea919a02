import type { GeneratedImage, ImageProviderId } from '@yumi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { useOnline } from '../../shared/hooks/useOnline';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { BackButton } from '../../shared/ui/BackButton';
import { ImageIcon } from '../../shared/ui/icons';
import { Gallery } from './Gallery';
import { fileToDataUrl, GALLERY_KEY, useImageGenStatus } from '../../shared/image-generation/hooks';
import { ImageViewer } from './ImageViewer';
import { PostProcessPanel } from './PostProcessPanel';
import { ProgressBar } from '../../shared/image-generation/ProgressBar';
import { DEFAULT_STUDIO, StudioForm, toRequestSettings, type StudioSettings } from './StudioForm';
import { UnlockDialog } from '../../shared/image-generation/UnlockDialog';
import { generateOnDevice } from '../../shared/image-generation/offline/engine';
import { useGeneration, type OfflineGenerator } from '../../shared/image-generation/useGeneration';
import { keepMadeHere, type DevicePicture } from '../../shared/image-generation/offline/devicePictures';
import '../../shared/image-generation/generation.css';
import './image.css';

/** Image mode (/image): generate and edit any picture with the image providers, and keep a gallery. */
export default function ImagePage() {
  const { t } = useTranslation('image');
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const { user, isLoading } = useCurrentUser();
  const { status } = useImageGenStatus();
  const online = useOnline();
  // Offline, Anime's procedural renderer draws in this browser and the pictures are kept on this device.
  const drawHere = useCallback<OfflineGenerator>(
    async (prompt, input, onProgress, signal) => {
      const images = await generateOnDevice(prompt, input, onProgress, signal);
      return user ? keepMadeHere(user.id, images) : images;
    },
    [user],
  );
  const gen = useGeneration(drawHere);
  const [settings, setSettings] = useState<StudioSettings>(DEFAULT_STUDIO);
  const [viewing, setViewing] = useState<DevicePicture | null>(null);
  const [unlock, setUnlock] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [upload, setUpload] = useState<string | null>(null);
  const premium = !!status?.hasAccess;
  // Drawing on this device costs no trial.
  const exhausted = online && !!status && !premium && status.freeTrialsRemaining === 0;
  const generating = gen.phase === 'generating';

  const run = async () => {
    const images = await gen.generate(settings.prompt, toRequestSettings(settings, premium));
    if (images?.[0]) setViewing(images[0]);
  };
  useEffect(() => {
    if (gen.error?.type === 'TRIALS_EXHAUSTED' || gen.error?.type === 'BILLING_ERROR') setUnlock(true);
  }, [gen.error]);

  const reuse = (img: GeneratedImage) => {
    const p = img.params as Partial<{ width: number; height: number; steps: number; guidance: number; provider: ImageProviderId; sampler: string; seed: number }>;
    setSettings({
      ...settings,
      prompt: img.prompt,
      negativePrompt: img.negativePrompt,
      width: p.width ?? img.width,
      height: p.height ?? img.height,
      seed: img.seed,
      steps: p.steps ?? settings.steps,
      guidance: p.guidance ?? settings.guidance,
      provider: img.provider === 'post-processing' ? '' : ((p.provider ?? img.provider) as ImageProviderId),
      model: img.model ?? '',
      sampler: p.sampler ?? '',
    });
    setViewing(null);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const addToGallery = (img: GeneratedImage) => {
    void client.invalidateQueries({ queryKey: GALLERY_KEY });
    setUploadOpen(false);
    setUpload(null);
    setViewing(img);
  };

  if (!isLoading && !user) {
    return (
      <div className="page image-page">
        <div className="card image-signin">
          <ImageIcon />
          <h1>{t('studio.title')}</h1>
          <p className="muted">{t('studio.signInBody')}</p>
          <Link className="btn btn-primary" to={`/login?from=${encodeURIComponent(location.pathname)}`}>
            {t('generate.signInLink')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="page image-page">
      <header className="image-head">
        <BackButton label={t('studio.back')} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))} />
        <div className="image-title">
          <h1>
            <span className="gradient-text">{t('studio.title')}</span>
          </h1>
          <p className="muted">{t('studio.subtitle')}</p>
        </div>
        <div className="image-access">
          {status &&
            (premium ? (
              <span className="badge ag-badge-premium">{t('status.premium')}</span>
            ) : (
              <button type="button" className="badge image-trials" onClick={() => setUnlock(true)}>
                {t('status.trialsUsed', { used: status.freeTrialsUsed, total: status.freeTrialsTotal })}
              </button>
            ))}
        </div>
      </header>
      {exhausted && (
        <div className="alert alert-info ag-alert">
          <p>{t('errors.trialsExhausted')}</p>
          <Button size="sm" variant="primary" onClick={() => setUnlock(true)}>
            {t('unlock.cta')}
          </Button>
        </div>
      )}
      <div className="image-layout">
        <div className="image-left">
          {/* Generate waits for the account: a picture drawn offline is kept (and later sent) under it. */}
          <StudioForm value={settings} onChange={setSettings} onGenerate={() => void run()} disabled={generating} premium={premium} blocked={exhausted || !user} />
          {gen.notice && <div className="alert alert-info">{gen.notice}</div>}
          {gen.error && (
            <div className={`alert ${gen.error.type === 'VALIDATION' ? 'alert-warning' : 'alert-error'}`} role="alert">
              {gen.error.text}
            </div>
          )}
          {generating && <ProgressBar progress={gen.progress} />}
        </div>
        <section className="image-right card" aria-labelledby="gallery-title">
          <div className="gallery-head">
            <h2 id="gallery-title">{t('gallery.title')}</h2>
            <Button size="sm" onClick={() => setUploadOpen(true)} disabled={!online}>
              {t('tools.enhanceUpload')}
            </Button>
          </div>
          <Gallery onOpen={setViewing} />
        </section>
      </div>
      <ImageViewer
        image={viewing}
        onClose={() => setViewing(null)}
        onDeleted={() => {
          setViewing(null);
          void client.invalidateQueries({ queryKey: GALLERY_KEY });
        }}
        onReuse={reuse}
        onProcessed={addToGallery}
      />
      <Dialog open={uploadOpen} onOpenChange={setUploadOpen} title={t('tools.enhanceUpload')} description={t('tools.enhanceHint')}>
        <label className="ag-ref-drop upload-drop">
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (f && f.type.startsWith('image/') && f.size <= 10 * 1024 * 1024) setUpload(await fileToDataUrl(f));
            }}
          />
          {upload ? <img src={upload} alt={t('studio.initAlt')} /> : <span>{t('tools.pick')}</span>}
        </label>
        {upload && <PostProcessPanel source={{ image: upload }} onDone={addToGallery} />}
      </Dialog>
      <UnlockDialog open={unlock} onOpenChange={setUnlock} />
    </div>
  );
}
