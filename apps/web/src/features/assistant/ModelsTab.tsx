import { LLM_PROVIDERS, type AvailableModel } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { useAiSettings, useModels } from '../../shared/ai';
import { toast } from '../../shared/ui/toast';
import { Button } from '../../shared/ui/Button';

function ModelCard({ model, selected, onSelect }: { model: AvailableModel; selected: boolean; onSelect(): void }) {
  const { t, i18n } = useTranslation('helper');
  const n = (v: number) => v.toLocaleString(i18n.resolvedLanguage);
  const description =
    model.provider === 'openai-compatible'
      ? t('models.compatibleDescription')
      : model.provider === 'ollama'
        ? t('models.ollamaDescription')
        : t(`models.items.${model.id}`, { defaultValue: model.description });
  return (
    <li className={`model-card ${selected ? 'selected' : ''} ${model.available ? '' : 'unavailable'}`} data-testid={`model-${model.id}`}>
      <div className="model-top">
        <span className="model-name">{model.name}</span>
        <span className={`badge ${model.type === 'free' ? 'badge-free' : 'badge-paid'}`}>{t(`models.${model.type}`)}</span>
        {model.recommended && <span className="badge badge-new">{t('models.recommended')}</span>}
      </div>
      <p className="model-desc">{description}</p>
      <p className="model-cost">
        {model.type === 'paid'
          ? t('models.price', { price: n(model.pricePer1kTokens ?? 0) })
          : model.dailyFreeTokens !== null
            ? t('models.allowance', { tokens: n(model.dailyFreeTokens) })
            : t('models.unmetered')}
      </p>
      <p className="model-tags">
        <span className="muted">{t('models.strengths')}:</span> {model.strengths.map((s) => t(`models.strength.${s}`)).join(' · ')}
      </p>
      <p className="model-tags">
        <span className="muted">{t('models.uses')}:</span> {model.recommendedUses.map((s) => t(`models.use.${s}`)).join(' · ')}
      </p>
      {!model.available && <p className="model-reason">{t('models.unavailable', { provider: t(`models.provider.${model.provider}`) })}</p>}
      {/* Chosen, the button stays focusable (aria-disabled, not disabled): a disabled button drops the keyboard
          user's focus to the page, where Escape no longer reaches the panel. */}
      <button
        type="button"
        className={`btn btn-sm ${selected ? '' : 'btn-primary'}`}
        disabled={!model.available}
        aria-disabled={selected || undefined}
        onClick={selected ? undefined : onSelect}
        aria-label={`${t('models.select')}: ${model.name}`}
      >
        {selected ? t('models.selected') : t('models.select')}
      </button>
    </li>
  );
}

/** The Models tab: the free model recommended; unconfigured providers shown but not selectable. */
export function ModelsTab() {
  const { t } = useTranslation('helper');
  const { data, isLoading, error, refetch } = useModels();
  const { provider, model, setModel } = useAiSettings();
  if (isLoading) return <div className="spinner" aria-label={t('models.loading')} />;
  if (error || !data) {
    return (
      <div className="alert alert-error">
        <p>{t('models.loadFailed')}</p>
        <Button size="sm" onClick={() => void refetch()}>
          {t('chat.retry')}
        </Button>
      </div>
    );
  }
  const recommended = data.models.find((m) => m.recommended);
  return (
    <div className="models">
      {recommended && (
        <p className="alert alert-success">{t('models.startFree', { name: recommended.name })}</p>
      )}
      {data.models.every((m) => m.provider === 'local' || !m.available) && <p className="alert alert-info">{t('models.howToConnect')}</p>}
      {LLM_PROVIDERS.filter((p) => data.models.some((m) => m.provider === p)).map((p) => (
        <section key={p} aria-labelledby={`provider-${p}`} className="provider-group">
          <h3 id={`provider-${p}`}>
            {t(`models.provider.${p}`)}
            {!data.providers.find((x) => x.id === p)?.available && <span className="badge badge-quiet">{t('models.notConfigured')}</span>}
          </h3>
          <ul className="model-list">
            {data.models
              .filter((m) => m.provider === p)
              .map((m) => (
                <ModelCard
                  key={m.id}
                  model={m}
                  selected={m.provider === provider && m.id === model}
                  onSelect={() => {
                    setModel(m.provider, m.id);
                    toast('success', t('models.switched', { name: m.name }), 2500);
                  }}
                />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
