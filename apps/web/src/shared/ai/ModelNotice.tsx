import { MODEL_REQUIRED_MESSAGE, type ChatContext } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../hooks/useOnline';
import { openAssistant } from './openAssistant';

/** Shown when a tool needs a real language model and only the offline one is connected. */
function ModelNotice() {
  const { t } = useTranslation('common');
  return (
    <div className="alert alert-warning model-notice" role="alert">
      <p>{t('ai.modelRequired')}</p>
      <button type="button" className="btn btn-sm" onClick={() => openAssistant({ tab: 'models' })}>
        {t('ai.openModels')}
      </button>
    </div>
  );
}

/**
 * The codes that mean "no language model can do this here": the offline assistant was asked to write
 * (MODEL_REQUIRED), or the chosen provider has no key on this server (PROVIDER_NOT_CONFIGURED). Both get
 * the same honest notice, in the user's language, never the server's internal wording.
 */
const isModelRequired = (err: unknown): boolean => {
  const code = (err as { code?: string } | null)?.code;
  return code === 'MODEL_REQUIRED' || code === 'PROVIDER_NOT_CONFIGURED';
};

/**
 * Tools that write new text need a real model: the offline assistant would answer with help text or a
 * tone rewrite instead, so they refuse up front with the same MODEL_REQUIRED the server uses.
 */
export function assertModel(ctx: Pick<ChatContext, 'provider'>): void {
  if (ctx.provider === 'local') throw Object.assign(new Error(MODEL_REQUIRED_MESSAGE), { code: 'MODEL_REQUIRED' });
}

/** A tool's failure message: the model notice when a model is needed, the error text otherwise. */
export function AiError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (!error) return null;
  const e = error as { code?: string; message?: string; name?: string; type?: string };
  if (isModelRequired(e)) return <ModelNotice />;
  // Offline the models cannot be reached at all: say so rather than show a network error.
  if (e.type === 'NETWORK' && !online)
    return (
      <p className="alert alert-info" role="alert" data-testid="needs-server-ai">
        {t('offline.needs.ai')}
      </p>
    );
  if (e.name === 'AbortError' || e.message === 'Request was cancelled') return null;
  return (
    <p className="alert alert-error" role="alert">
      {e.message || t('ai.failed')}
    </p>
  );
}
