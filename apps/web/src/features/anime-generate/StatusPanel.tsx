import { formatShards, IMAGE_MAX_COUNT, type ImageGenStatus } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../shared/billing/useBalance';
import { Button } from '../../shared/ui/Button';
import { useGenerateOptions } from './options';

function Toggle({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange(v: boolean): void; disabled?: boolean }) {
  return (
    <label className="ag-toggle">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span className="ag-toggle-track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}

function Slider(props: { id: string; label: string; value: number; min: number; max: number; step: number; onChange(v: number): void; disabled?: boolean }) {
  return (
    <div className="ag-slider">
      <label htmlFor={props.id}>
        {props.label} <output htmlFor={props.id}>{props.value.toFixed(2).replace(/\.?0+$/, '')}</output>
      </label>
      <input id={props.id} type="range" min={props.min} max={props.max} step={props.step} value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(Number(e.target.value))} />
    </div>
  );
}

/** Status (access tier, trials, balance) and customisation (generation options) of AI Generate mode. */
export function StatusPanel({ status, disabled, onUnlock }: { status: ImageGenStatus | null; disabled: boolean; onUnlock(): void }) {
  const { t } = useTranslation('image');
  const { balance } = useBalance();
  const o = useGenerateOptions();
  const premium = !!status?.hasAccess;
  return (
    <aside className="ag-panel card" aria-label={t('status.title')}>
      <section className="ag-status">
        <h3>{t('status.title')}</h3>
        {status ? (
          premium ? (
            <>
              <span className="badge ag-badge-premium">{t('status.premium')}</span>
              <p className="muted small">{t('status.premiumHint', { price: formatShards(status.pricePerImage) })}</p>
              {balance !== undefined && (
                <p className="ag-balance">
                  {t('status.balance')} <strong>{formatShards(balance)}</strong>
                </p>
              )}
            </>
          ) : (
            <>
              <span className="badge">{t('status.freeTrial')}</span>
              <div className="ag-trials" aria-label={t('status.trialsUsed', { used: status.freeTrialsUsed, total: status.freeTrialsTotal })}>
                {Array.from({ length: status.freeTrialsTotal }, (_, i) => (
                  <span key={i} className={`ag-trial-dot ${i < status.freeTrialsUsed ? 'used' : ''}`} />
                ))}
                <span>{t('status.trialsUsed', { used: status.freeTrialsUsed, total: status.freeTrialsTotal })}</span>
              </div>
              <p className="muted small">{t('status.trialsRemaining', { count: status.freeTrialsRemaining })}</p>
              <Button size="sm" variant="primary" onClick={onUnlock}>
                {t('unlock.cta')}
              </Button>
            </>
          )
        ) : (
          <p className="muted small">{t('status.signInHint')}</p>
        )}
      </section>
      <section className="ag-custom">
        <h3>{t('custom.title')}</h3>
        {premium && (
          <Slider id="ag-iterations" label={t('custom.iterations')} value={o.iterations} min={1} max={IMAGE_MAX_COUNT} step={1} disabled={disabled} onChange={(v) => o.set({ iterations: v })} />
        )}
        <Toggle label={t('custom.useCustomModel')} checked={o.useCustomModel} disabled={disabled} onChange={(v) => o.set({ useCustomModel: v })} />
        <Toggle label={t('custom.upscale')} checked={o.postProcessing.upscale} disabled={disabled} onChange={(v) => o.setPost({ upscale: v })} />
        <Toggle label={t('custom.denoise')} checked={o.postProcessing.denoise} disabled={disabled} onChange={(v) => o.setPost({ denoise: v })} />
        <Toggle label={t('custom.lineArtCleanup')} checked={o.postProcessing.lineArtCleanup} disabled={disabled} onChange={(v) => o.setPost({ lineArtCleanup: v })} />
        <Slider id="ag-contrast" label={t('custom.contrast')} value={o.postProcessing.colorCorrection.contrast} min={0.5} max={2} step={0.05} disabled={disabled} onChange={(v) => o.setPost({ colorCorrection: { ...o.postProcessing.colorCorrection, contrast: v } })} />
        <Slider id="ag-saturation" label={t('custom.saturation')} value={o.postProcessing.colorCorrection.saturation} min={0} max={2} step={0.05} disabled={disabled} onChange={(v) => o.setPost({ colorCorrection: { ...o.postProcessing.colorCorrection, saturation: v } })} />
        <Slider id="ag-bloom" label={t('custom.bloom')} value={o.postProcessing.colorCorrection.bloom} min={0} max={1} step={0.05} disabled={disabled} onChange={(v) => o.setPost({ colorCorrection: { ...o.postProcessing.colorCorrection, bloom: v } })} />
        <Button size="sm" variant="ghost" disabled={disabled} onClick={o.reset}>
          {t('custom.reset')}
        </Button>
      </section>
    </aside>
  );
}
