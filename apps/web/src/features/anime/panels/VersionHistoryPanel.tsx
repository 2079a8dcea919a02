import { MAX_VERSIONS, toggleCompareSelection, versionStoragePercent, type Character, type VersionSummary } from '@yumi/core';
import { Image, Scale, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { charactersApi, useCharacters, useStoreCharacter } from '../api';
import { useEngine } from '../engine';
import { openVersion, saveError, versionBody } from '../saving';
import { useAnime } from '../store';
import { formatBytes } from './HistoryPanel';
import { useRelativeTime } from './CharacterLibraryPanel';
import { CompareDialog } from './CompareDialog';
import { Button } from '../../../shared/ui/Button';

/** Spec §4 versions: save appends and makes current; revert; delete (not current); compare two; at most 20. */
export function VersionHistoryPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { characterId, toggle } = useAnime();
  const q = useCharacters(!!characterId);
  const store = useStoreCharacter();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  const ago = useRelativeTime();
  const character: Character | undefined = q.data?.find((c) => c.id === characterId);

  if (!characterId || (q.isSuccess && !character)) {
    return (
      <div className="alert alert-info">
        <p>{t('versions.needCharacter')}</p>
        <Button variant="primary" size="sm" onClick={() => toggle('character-library')}>
          {t('versions.openLibrary')}
        </Button>
      </div>
    );
  }
  if (!character) return <div className="spinner" aria-busy />;

  const count = character.versions.length;
  const full = count >= MAX_VERSIONS;
  const totalBytes = character.versions.reduce((n, v) => n + v.size, 0);

  const save = async () => {
    // Spec §5: a version name is required in the save dialog, otherwise nothing happens.
    if (!name.trim() || full) return;
    setBusy(true);
    try {
      const saved = await charactersApi.addVersion(character.id, versionBody(engine, name, description));
      store(saved);
      setName('');
      setDescription('');
      toast('success', saved.sync ? t('library.keptOffline') : t('versions.saved'));
    } catch (err) {
      console.error('Version save failed', err);
      toast('error', saveError(err, t('library.saveFailed')));
    } finally {
      setBusy(false);
    }
  };
  const revert = async (v: VersionSummary) => {
    try {
      await openVersion(engine, character.id, v.id);
      store(await charactersApi.update(character.id, { activeVersionId: v.id }));
      toast('success', t('versions.reverted', { name: v.name }));
    } catch (err) {
      console.error('Version load failed', err);
      toast('error', t('library.loadFailed'));
    }
  };
  const remove = async (v: VersionSummary) => {
    try {
      store(await charactersApi.removeVersion(character.id, v.id));
      setSelected((s) => s.filter((x) => x !== v.id));
    } catch (err) {
      toast('error', saveError(err, t('library.deleteFailed')));
    }
  };

  const newestFirst = [...character.versions].reverse();
  const pair = selected.map((id) => character.versions.find((v) => v.id === id)).filter((v): v is VersionSummary => !!v);
  return (
    <div className="an-versions-panel">
      <div className="an-storage">
        <div className="an-storage-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={versionStoragePercent(count)}>
          <span style={{ width: `${versionStoragePercent(count)}%` }} />
        </div>
        <small className="muted">{t('versions.storage', { count, max: MAX_VERSIONS, percent: versionStoragePercent(count), size: formatBytes(totalBytes) })}</small>
      </div>
      <form
        className="an-save-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <input className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder={t('versions.namePlaceholder')} aria-label={t('versions.name')} required />
        <input className="input" value={description} maxLength={1000} onChange={(e) => setDescription(e.target.value)} placeholder={t('versions.descriptionPlaceholder')} aria-label={t('versions.description')} />
        {full && <p className="alert alert-warning an-small">{t('versions.full', { max: MAX_VERSIONS })}</p>}
        <Button variant="primary" block type="submit" disabled={busy || full || !name.trim()}>
          {busy ? t('library.saving') : t('versions.save')}
        </Button>
      </form>
      <div className="an-compare-bar">
        <small className="muted">{t('versions.compareHint', { count: selected.length })}</small>
        <Button size="sm" disabled={pair.length !== 2} onClick={() => setComparing(true)}>
          <Scale size={15} aria-hidden /> {t('versions.compare')}
        </Button>
      </div>
      <ul className="an-version-list">
        {newestFirst.map((v) => {
          const current = v.id === character.activeVersionId;
          return (
            <li key={v.id} className={`an-version-row ${current ? 'is-current' : ''}`}>
              <input type="checkbox" checked={selected.includes(v.id)} onChange={() => setSelected((s) => toggleCompareSelection(s, v.id))} aria-label={t('versions.select', { name: v.name })} />
              {v.thumbnail ? <img src={v.thumbnail} alt="" /> : <span className="an-thumb-empty" aria-hidden><Image size={18} /></span>}
              <span className="an-version-info">
                <strong className="an-ellipsis">{v.name}</strong>
                <small className="muted">
                  {ago(v.timestamp)} · {formatBytes(v.size)}
                </small>
                {v.description && <small className="muted an-ellipsis">{v.description}</small>}
              </span>
              <span className="an-version-actions">
                {current ? (
                  <span className="badge">{t('versions.current')}</span>
                ) : (
                  <>
                    <Button size="sm" onClick={() => revert(v)}>
                      {t('versions.revert')}
                    </Button>
                    <Button variant="danger" size="sm" onClick={() => remove(v)} aria-label={t('versions.delete', { name: v.name })}>
                      <Trash2 size={15} />
                    </Button>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {comparing && pair.length === 2 && <CompareDialog characterId={character.id} a={pair[0]!} b={pair[1]!} onClose={() => setComparing(false)} />}
    </div>
  );
}
