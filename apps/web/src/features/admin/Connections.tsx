import { adminApi, CONNECTION_KINDS, CONNECTION_NAME_MAX, DISCOVERING_KINDS, KEYED_KINDS, type Connection, type ConnectionKind, type ConnectionTestResult } from '@yumi/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MODELS_KEY } from '../../shared/ai/useModels';
import { call } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { toast } from '../../shared/ui/toast';

const CONNECTIONS_KEY = ['admin', 'connections'] as const;
const PLACEHOLDER: Record<ConnectionKind, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  qwen: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1',
  'openai-compatible': 'http://localhost:8000/v1',
  ollama: 'http://localhost:11434',
};

/** Test and, for self-hosted servers, refresh the model list; remove after a confirmation. */
function ConnectionRow({ connection, onChanged }: { connection: Connection; onChanged(): void }) {
  const { t } = useTranslation('common');
  const id = useId();
  const [model, setModel] = useState(connection.models[0] ?? '');
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const test = useMutation({
    mutationFn: () => call(adminApi.testConnection, { params: { id: connection.id }, body: { model } }),
    onSuccess: setResult,
    onError: (err: Error) => toast('error', err.message),
  });
  const refresh = useMutation({
    mutationFn: () => call(adminApi.refreshConnection, { params: { id: connection.id } }),
    onSuccess: (c) => {
      toast('success', t('connections.refreshed', { count: c.models.length }));
      onChanged();
    },
    onError: (err: Error) => toast('error', err.message),
  });
  const remove = useMutation({
    mutationFn: () => call(adminApi.removeConnection, { params: { id: connection.id } }),
    onSuccess: () => {
      setConfirming(false);
      toast('info', t('connections.removed', { name: connection.name }));
      onChanged();
    },
    onError: (err: Error) => toast('error', err.message),
  });
  const discovering = DISCOVERING_KINDS.includes(connection.kind);
  return (
    <li className="connection-row" data-testid="connection-row">
      <div className="connection-head">
        <strong>{connection.name}</strong>
        <span className="badge">{t(`connections.kinds.${connection.kind}`)}</span>
        {connection.hasKey && <span className="muted small">{t('connections.keyStored')}</span>}
      </div>
      {connection.baseUrl && <div className="muted small connection-url">{connection.baseUrl}</div>}
      <div className="connection-actions">
        <label htmlFor={`${id}-model`} className="visually-hidden">
          {t('connections.testModel')}
        </label>
        <select id={`${id}-model`} className="input" value={model} onChange={(e) => setModel(e.target.value)}>
          {connection.models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <Button size="sm" variant="primary" disabled={test.isPending || !model} onClick={() => test.mutate()}>
          {test.isPending ? t('connections.testing') : t('connections.test')}
        </Button>
        {discovering && (
          <Button size="sm" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
            {t('connections.refresh')}
          </Button>
        )}
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
          {t('connections.remove')}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {result &&
          (result.ok ? (
            <p className="alert alert-success connection-result">{t('connections.testOk', { model: result.model, ms: result.latencyMs.toLocaleString(), reply: result.reply ?? '' })}</p>
          ) : (
            <p className="alert alert-error connection-result">
              {result.status ? t('connections.testFailedStatus', { model: result.model, status: result.status, error: result.error ?? '' }) : t('connections.testFailed', { model: result.model, error: result.error ?? '' })}
            </p>
          ))}
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming} title={t('connections.removeTitle', { name: connection.name })} description={t('connections.removeHint')}>
        <div className="dialog-actions">
          <Button onClick={() => setConfirming(false)}>{t('connections.cancel')}</Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('connections.remove')}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

function AddConnection({ onAdded }: { onAdded(): void }) {
  const { t } = useTranslation('common');
  const id = useId();
  const [kind, setKind] = useState<ConnectionKind>('ollama');
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [problems, setProblems] = useState<Partial<Record<'name' | 'baseUrl' | 'apiKey', string>>>({});
  const add = useMutation({
    mutationFn: () =>
      call(adminApi.addConnection, {
        body: {
          kind,
          name: name.trim() || t(`connections.kinds.${kind}`),
          ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
          ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
        },
      }),
    onSuccess: (c) => {
      toast('success', t('connections.added', { name: c.name, count: c.models.length }));
      setName('');
      setBaseUrl('');
      setApiKey('');
      onAdded();
    },
  });
  const needsUrl = DISCOVERING_KINDS.includes(kind);
  const needsKey = KEYED_KINDS.includes(kind);
  function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof problems = {};
    if (needsUrl && !baseUrl.trim()) next.baseUrl = t('connections.urlRequired');
    else if (baseUrl.trim() && !/^https?:\/\/\S+$/i.test(baseUrl.trim())) next.baseUrl = t('connections.urlInvalid');
    if (needsKey && !apiKey.trim()) next.apiKey = t('connections.keyRequired');
    setProblems(next);
    if (Object.keys(next).length === 0) add.mutate();
  }
  const error = (field: keyof typeof problems) =>
    problems[field] ? (
      <span id={`${id}-${field}-error`} className="field-error">
        {problems[field]}
      </span>
    ) : null;
  const described = (field: keyof typeof problems) => (problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});
  return (
    <form className="connection-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('connections.addTitle')}</h3>
      <div className="field">
        <label htmlFor={`${id}-kind`}>{t('connections.kind')}</label>
        <select id={`${id}-kind`} className="input" value={kind} onChange={(e) => setKind(e.target.value as ConnectionKind)}>
          {CONNECTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`connections.kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('connections.name')}</label>
        <input id={`${id}-name`} className="input" maxLength={CONNECTION_NAME_MAX} placeholder={t(`connections.kinds.${kind}`)} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-url`}>{needsUrl ? t('connections.url') : t('connections.urlOptional')}</label>
        <input id={`${id}-url`} className="input" type="url" inputMode="url" placeholder={PLACEHOLDER[kind]} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} {...described('baseUrl')} />
        {error('baseUrl')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-key`}>{needsKey ? t('connections.key') : t('connections.keyOptional')}</label>
        <input id={`${id}-key`} className="input" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} {...described('apiKey')} />
        {error('apiKey')}
      </div>
      <p className="muted small">{needsUrl ? t('connections.discoverHint') : t('connections.catalogueHint')}</p>
      {add.isError && (
        <p className="alert alert-error" role="alert">
          {add.error.message}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={add.isPending}>
        {add.isPending ? t('connections.adding') : t('connections.add')}
      </Button>
    </form>
  );
}

/** Admin page section: the language-model providers everyone can pick, added and removed at run time. */
export function Connections() {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const list = useQuery({ queryKey: CONNECTIONS_KEY, queryFn: () => call(adminApi.connections) });
  const changed = () =>
    void Promise.all([
      client.invalidateQueries({ queryKey: CONNECTIONS_KEY }),
      client.invalidateQueries({ queryKey: MODELS_KEY }),
      client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
    ]);
  return (
    <section className="card admin-connections" aria-labelledby="connections-title" data-testid="admin-connections">
      <h2 id="connections-title">{t('connections.title')}</h2>
      <p className="muted">{t('connections.hint')}</p>
      {list.isError && (
        <p className="alert alert-error" role="alert">
          {t('connections.loadFailed')}
        </p>
      )}
      {list.data && (
        <>
          {list.data.connections.length === 0 && <p className="muted">{t('connections.empty')}</p>}
          <ul className="connection-list">
            {list.data.connections.map((c) => (
              <ConnectionRow key={c.id} connection={c} onChanged={changed} />
            ))}
          </ul>
          {list.data.fromEnvironment.length > 0 && (
            <p className="muted small">
              {t('connections.fromEnvironment', { list: list.data.fromEnvironment.map((e) => `${t(`connections.kinds.${e.kind}`)} (${e.models.length})`).join(', ') })}
            </p>
          )}
        </>
      )}
      <AddConnection onAdded={changed} />
    </section>
  );
}
