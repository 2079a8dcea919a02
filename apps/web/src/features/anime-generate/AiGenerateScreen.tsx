import { IMAGE_PROMPT_MAX, THEME_PROMPTS, themePrompt, type Theme } from '@yumi/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { useOnline } from '../../shared/hooks/useOnline';
import { Button } from '../../shared/ui/Button';
import { SparkleIcon } from '../../shared/ui/icons';
import { SegmentedControl } from '../../shared/ui/SegmentedControl';
import { fileToDataUrl, useImageGenStatus } from '../../shared/image-generation/hooks';
import { ProgressBar } from '../../shared/image-generation/ProgressBar';
import { UnlockDialog } from '../../shared/image-generation/UnlockDialog';
import { generateOnDevice } from '../../shared/image-generation/offline/engine';
import { useGeneration } from '../../shared/image-generation/useGeneration';
import { OutlineDialog } from './OutlineDialog';
import { useGenerateOptions } from './options';
import { ResultOverlay } from './ResultOverlay';
import { StatusPanel } from './StatusPanel';
import '../../shared/image-generation/generation.css';
import './anime-generate.css';

export interface AiGenerateScreenProps {
  /** Opens an image (generated character or outline) in Create mode as a new layer. */
  onEditInCreationMode(imageUrl: string): void;
}

/** A theme's ready-made prompt, or the user's own. */
type ThemeChoice = Theme | 'custom';

/** AI Generate mode: status and customisation, theme choice and prompt, progress, result overlay, outline generator, unlock dialog. */
export default function AiGenerateScreen({ onEditInCreationMode }: AiGenerateScreenProps) {
  const { t } = useTranslation('image');
  const location = useLocation();
  const { user, isLoading: userLoading } = useCurrentUser();
  const { status } = useImageGenStatus();
  const options = useGenerateOptions();
  // Offline, the procedural renderer draws in this browser instead of the server.
  const gen = useGeneration(generateOnDevice);
  const [theme, setTheme] = useState<ThemeChoice>('swimsuit');
  const [prompt, setPrompt] = useState(themePrompt('swimsuit').prompt);
  const [reference, setReference] = useState<string | null>(null);
  const [strength, setStrength] = useState(0.6);
  const [overlay, setOverlay] = useState(false);
  const [outlineOpen, setOutlineOpen] = useState(false);
  const [unlockOpen, setUnlockOpen] = useState(false);
  const [refError, setRefError] = useState<string | null>(null);

  const online = useOnline();
  const premium = !!status?.hasAccess;
  // Drawing on this device costs no trial.
  const exhausted = online && !!status && !premium && status.freeTrialsRemaining === 0;
  const generating = gen.phase === 'generating';
  const disabled = generating || !user;

  useEffect(() => {
    if (gen.error?.type === 'TRIALS_EXHAUSTED' || gen.error?.type === 'BILLING_ERROR') setUnlockOpen(true);
  }, [gen.error]);

  const chooseTheme = (next: ThemeChoice) => {
    setTheme(next);
    setPrompt(next === 'custom' ? '' : themePrompt(next).prompt);
  };

  const pickReference = async (file: File | undefined) => {
    setRefError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setRefError(t('errors.notAnImage'));
    if (file.size > 10 * 1024 * 1024) return setRefError(t('errors.tooLarge'));
    setReference(await fileToDataUrl(file));
  };

  const run = async () => {
    const chosen = !premium && theme !== 'custom' ? theme : undefined;
    const images = await gen.generate(prompt, {
      source: 'anime',
      theme: chosen,
      iterations: premium ? options.iterations : 1,
      useCustomModel: options.useCustomModel,
      postProcessing: options.postProcessing,
      ...(premium && reference ? { referenceImage: reference, strength } : {}),
    });
    if (images?.length) setOverlay(true);
  };

  const signIn = `/login?from=${encodeURIComponent(location.pathname + location.search)}`;
  const activeTheme = theme !== 'custom' ? THEME_PROMPTS.find((x) => x.theme === theme) : undefined;

  return (
    <div className="ag-screen">
      <StatusPanel status={status} disabled={generating} onUnlock={() => setUnlockOpen(true)} />
      <section className="ag-main card" aria-labelledby="ag-title">
        <header className="ag-header">
          <div>
            <h2 id="ag-title">
              <SparkleIcon /> {t('generate.title')}
            </h2>
            <p className="muted">{premium ? t('generate.subtitlePremium') : t('generate.subtitle')}</p>
          </div>
          <Button onClick={() => setOutlineOpen(true)} disabled={generating}>
            {t('outline.open')}
          </Button>
        </header>

        {!userLoading && !user && (
          <div className="alert alert-info ag-alert">
            {t('generate.signIn')} <Link to={signIn}>{t('generate.signInLink')}</Link>
          </div>
        )}
        {exhausted && (
          <div className="alert alert-info ag-alert" role="status">
            <p>{t('errors.trialsExhausted')}</p>
            <Button size="sm" variant="primary" onClick={() => setUnlockOpen(true)}>
              {t('unlock.cta')}
            </Button>
          </div>
        )}

        {!premium && (
          <>
            <SegmentedControl
              label={t('generate.themes')}
              value={theme}
              onValueChange={chooseTheme}
              disabled={generating}
              options={[...THEME_PROMPTS.map((x) => x.theme), 'custom' as const].map((id) => ({ value: id, label: t(`themes.${id}.title`) }))}
            />
            {activeTheme && (
              <div className="ag-theme-card">
                <span className="ag-swatch" style={{ background: activeTheme.baseCharacter.hairColor }} aria-hidden="true" />
                <span className="ag-swatch" style={{ background: activeTheme.baseCharacter.eyeColor }} aria-hidden="true" />
                <span>{t('generate.baseCharacter', { name: activeTheme.baseCharacter.name, theme: t(`themes.${activeTheme.theme}.title`) })}</span>
              </div>
            )}
          </>
        )}

        <div className="field">
          <label htmlFor="ag-prompt">{t('generate.promptLabel')}</label>
          <textarea
            id="ag-prompt"
            className="textarea ag-prompt"
            rows={5}
            maxLength={IMAGE_PROMPT_MAX}
            value={prompt}
            placeholder={t('generate.promptPlaceholder')}
            onChange={(e) => setPrompt(e.target.value)}
            disabled={disabled}
          />
          <span className="muted small ag-count">{prompt.length} / {IMAGE_PROMPT_MAX}</span>
        </div>

        {premium && (
          <div className="ag-reference">
            <label className="ag-ref-drop">
              <input type="file" accept="image/png,image/jpeg,image/webp" className="visually-hidden" disabled={disabled} onChange={(e) => void pickReference(e.target.files?.[0])} />
              {reference ? <img src={reference} alt={t('generate.referenceAlt')} /> : <span>{t('generate.referenceAdd')}</span>}
            </label>
            <div>
              <p className="small">{t('generate.referenceHint')}</p>
              {reference && (
                <>
                  <div className="ag-slider">
                    <label htmlFor="ag-strength">
                      {t('generate.referenceStrength')} <output>{strength.toFixed(2)}</output>
                    </label>
                    <input id="ag-strength" type="range" min={0.05} max={1} step={0.05} value={strength} disabled={disabled} onChange={(e) => setStrength(Number(e.target.value))} />
                  </div>
                  <Button size="sm" variant="ghost" disabled={disabled} onClick={() => setReference(null)}>
                    {t('generate.referenceRemove')}
                  </Button>
                </>
              )}
              {refError && <p className="field-error">{refError}</p>}
            </div>
          </div>
        )}

        {gen.notice && <div className="alert alert-info ag-alert">{gen.notice}</div>}
        {gen.error && gen.error.type !== 'TRIALS_EXHAUSTED' && (
          <div className={`alert ${gen.error.type === 'VALIDATION' ? 'alert-warning' : 'alert-error'} ag-alert`} role="alert">
            {gen.error.text}
          </div>
        )}
        {generating && <ProgressBar progress={gen.progress} />}

        {!online && (
          <p className="alert alert-info ag-alert" role="status" data-testid="generate-on-device">
            {t('generate.onDevice')}
          </p>
        )}
        <div className="ag-actions">
          {gen.results.length > 0 && !generating && (
            <Button onClick={() => setOverlay(true)}>{t('generate.showLast')}</Button>
          )}
          <Button variant="primary" className="ag-generate" onClick={() => void run()} disabled={disabled || exhausted}>
            {generating ? t('generate.generating') : t('generate.button')}
          </Button>
        </div>
        <p className="muted small ag-footnote">{premium ? t('generate.costNote', { price: status?.pricePerImage ?? 0 }) : t('generate.trialNote')}</p>
      </section>

      <ResultOverlay
        images={gen.results}
        open={overlay && gen.results.length > 0}
        onClose={() => setOverlay(false)}
        onEdit={(url) => {
          setOverlay(false);
          onEditInCreationMode(url);
        }}
      />
      <OutlineDialog
        open={outlineOpen}
        onOpenChange={setOutlineOpen}
        onUse={(url) => {
          setOutlineOpen(false);
          onEditInCreationMode(url);
        }}
      />
      <UnlockDialog open={unlockOpen} onOpenChange={setUnlockOpen} />
    </div>
  );
}
