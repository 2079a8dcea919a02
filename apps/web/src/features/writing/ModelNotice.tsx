import { useTranslation } from 'react-i18next';
import { openAssistant } from './context';

/** Shown when a tool needs a real language model and only the offline one is connected. */
export function ModelNotice() {
  const { t } = useTranslation('writing');
  return (
    <div className="alert alert-warning model-notice" role="alert">
      <p>{t('ai.modelRequired')}</p>
      <button type="button" className="btn btn-sm" onClick={() => openAssistant({ tab: 'models' })}>
        {t('ai.openModels')}
      </button>
    </div>
  );
}

/** A tool's failure message: the model notice for MODEL_REQUIRED, the error text otherwise. */
export function AiError({ error }: { error: unknown }) {
  const { t } = useTranslation('writing');
  if (!error) return null;
  const e = error as { code?: string; message?: string; name?: string };
  if (e.code === 'MODEL_REQUIRED') return <ModelNotice />;
  if (e.name === 'AbortError' || e.message === 'Request was cancelled') return null;
  return (
    <p className="alert alert-error" role="alert">
      {e.message || t('ai.failed')}
    </p>
  );
}
