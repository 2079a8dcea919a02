import { accountApi, type RecoveryCodes, type TwoStepSetup, type TwoStepStatus } from '@yumi/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../shared/files/download';
import { call } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { CodeField, CurrentPasswordField, Form } from '../../shared/ui/Form';
import { accountErrorText } from './errors';

export const TWO_STEP_KEY = ['account', 'two-step'] as const;
type Action = 'setup' | 'disable' | 'codes' | null;

/** The ten recovery codes, shown once: download or copy them before leaving. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n') + '\n';
  const download = () => downloadBlob(text, 'yumi-studio-recovery-codes.txt');
  return (
    <div className="account-recovery" role="region" aria-labelledby="two-step-codes-title">
      <h3 id="two-step-codes-title">{t('account.twoStep.codesTitle')}</h3>
      <p className="muted small">{t('account.twoStep.codesHint')}</p>
      <ol className="account-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="account-actions">
        <Button onClick={download}>{t('account.twoStep.download')}</Button>
        <Button onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
          {copied ? t('account.twoStep.copied') : t('account.twoStep.copy')}
        </Button>
        <Button variant="primary" onClick={onDone}>
          {t('account.twoStep.saved')}
        </Button>
      </div>
    </div>
  );
}

/** Two-step sign-in with an authenticator app: turn on (password, QR, code), new recovery codes, turn off. */
export function TwoStepCard() {
  const { t, i18n } = useTranslation('common');
  const client = useQueryClient();
  const status = useQuery({ queryKey: TWO_STEP_KEY, queryFn: () => call(accountApi.twoStep) });
  const [action, setAction] = useState<Action>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const reset = (next: Action = null) => {
    setAction(next);
    setPassword('');
    setCode('');
    setError(null);
    setSetup(null);
  };
  const refresh = () => void client.invalidateQueries({ queryKey: TWO_STEP_KEY });
  const onError = (err: unknown) => {
    setError(accountErrorText(err, t));
    setCode('');
  };

  const begin = useMutation({
    mutationFn: () => call(accountApi.twoStepSetup, { body: { password } }),
    onSuccess: (data) => (setSetup(data), setPassword(''), setError(null)),
    onError,
  });
  const enable = useMutation({
    mutationFn: () => call(accountApi.twoStepEnable, { body: { code: code.trim() } }),
    onSuccess: (data) => (reset(), setCodes(data.recoveryCodes), refresh()),
    onError,
  });
  const confirm = useMutation({
    mutationFn: (what: 'disable' | 'codes'): Promise<TwoStepStatus | RecoveryCodes> =>
      what === 'disable'
        ? call(accountApi.twoStepDisable, { body: { password, code: code.trim() } })
        : call(accountApi.recoveryCodes, { body: { password, code: code.trim() } }),
    onSuccess: (data) => {
      reset();
      if ('recoveryCodes' in data) setCodes(data.recoveryCodes);
      refresh();
    },
    onError,
  });
  const busy = begin.isPending || enable.isPending || confirm.isPending;

  const submit = () => {
    setError(null);
    if (action === 'setup' && !setup) {
      if (!password) setError(t('auth.fieldErrors.required'));
      else begin.mutate();
    } else if (action === 'setup') {
      if (!/^\d{6}$/.test(code.trim())) setError(t('auth.twoStep.enterCode'));
      else enable.mutate();
    } else if (action) {
      if (!password || code.trim().length < 6) setError(t('account.twoStep.needBoth'));
      else confirm.mutate(action);
    }
  };

  let body: ReactNode;
  if (codes) body = <RecoveryCodeList codes={codes} onDone={() => setCodes(null)} />;
  else if (status.isLoading) body = <div className="spinner" aria-busy="true" />;
  else if (!status.data) {
    body = (
      <div className="alert alert-error account-error" role="alert">
        <span>{t('account.twoStep.loadError')}</span>
        <Button size="sm" onClick={() => void status.refetch()}>
          {t('account.retry')}
        </Button>
      </div>
    );
  } else if (action) {
    body = (
      <Form
        className="account-form"
        label={t(`account.twoStep.action.${action}`)}
        onSubmit={submit}
        error={error}
        submitLabel={action === 'setup' && !setup ? t('account.twoStep.continue') : t(`account.twoStep.action.${action}`)}
        variant={action === 'disable' ? 'danger' : 'primary'}
        busy={busy}
        onCancel={() => reset()}
      >
        {action === 'setup' && setup ? (
          <>
            <ol className="account-steps">
              <li>{t('account.twoStep.scan')}</li>
              <li>{t('account.twoStep.enter')}</li>
            </ol>
            <img className="account-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} alt={t('account.twoStep.qrAlt')} width={200} height={200} />
            <p className="small">
              {t('account.twoStep.key')} <code data-testid="two-step-secret">{setup.secret.match(/.{1,4}/g)!.join(' ')}</code>
            </p>
            <CodeField id="two-step-code" value={code} onValue={setCode} recovery={false} autoFocus />
          </>
        ) : (
          <>
            <CurrentPasswordField id="two-step-password" autoFocus value={password} onValue={setPassword} />
            {action !== 'setup' && <CodeField id="two-step-code" value={code} onValue={setCode} />}
          </>
        )}
      </Form>
    );
  } else if (status.data.enabled) {
    const left = status.data.recoveryCodesLeft;
    body = (
      <>
        <p>
          <span className="badge account-on">{t('account.twoStep.on')}</span>{' '}
          {t('account.twoStep.since', { date: new Date(status.data.enabledAt!).toLocaleDateString(i18n.language) })}
        </p>
        <p className={left <= 3 ? 'alert alert-warning account-note' : 'muted small'}>{t('account.twoStep.codesLeft', { count: left })}</p>
        <div className="account-actions">
          <Button onClick={() => reset('codes')}>{t('account.twoStep.action.codes')}</Button>
          <Button variant="danger" onClick={() => reset('disable')}>
            {t('account.twoStep.action.disable')}
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p className="muted small">{t('account.twoStep.offHint')}</p>
        <div className="account-actions">
          <Button variant="primary" onClick={() => reset('setup')}>
            {t('account.twoStep.action.setup')}
          </Button>
        </div>
      </>
    );
  }
  return (
    <section className="card account-card" aria-labelledby="account-two-step-title">
      <h2 id="account-two-step-title">{t('account.twoStep.title')}</h2>
      {body}
    </section>
  );
}
