import { CHARACTER_NAME_MAX, relativeTime, type Character } from '@yumi/core';
import { useQueryClient } from '@tanstack/react-query';
import { Palette, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../shared/hooks/useCurrentUser';
import { toast } from '../../../shared/ui/toast';
import type { LocalCharacter } from '../../../shared/offline/characters';
import { CHARACTERS_KEY, charactersApi, useCharacters, useStoreCharacter } from '../api';
import { useEngine } from '../engine';
import { openVersion, saveError, versionBody } from '../saving';
import { useAnime } from '../store';
import { Button } from '../../../shared/ui/Button';

export function useRelativeTime() {
  const { t } = useTranslation('anime');
  return (iso: string) => {
    const r = relativeTime(iso, new Date());
    return r.key === 'justNow' ? t('time.justNow') : t(`time.${r.key}`, { count: r.count });
  };
}

const splitList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Spec §3/§7 character library: save (non-empty name, tags, design brief), open, duplicate, delete. */
export function CharacterLibraryPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { isAuthenticated, isLoading } = useCurrentUser();
  const q = useCharacters(isAuthenticated);
  const store = useStoreCharacter();
  const qc = useQueryClient();
  const { brief, characterId, characterName, set } = useAnime();
  const [name, setName] = useState(characterName);
  const [tags, setTags] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ago = useRelativeTime();

  if (isLoading) return <div className="spinner" aria-busy />;
  if (!isAuthenticated) {
    return (
      <div className="alert alert-info">
        <p>{t('library.signIn')}</p>
        <Link className="btn btn-sm btn-primary" to={`/login?from=${encodeURIComponent('/anime-chara')}`}>
          {t('library.signInButton')}
        </Link>
      </div>
    );
  }

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('library.nameRequired'));
    if (trimmed.length > CHARACTER_NAME_MAX) return setError(t('library.nameTooLong', { max: CHARACTER_NAME_MAX }));
    setError(null);
    setBusy(true);
    try {
      const first = versionBody(engine, 'Version 1');
      const c = await charactersApi.create({
        name: trimmed,
        thumbnail: first.thumbnail,
        tags: splitList(tags).slice(0, 20),
        brief: { ...brief, name: brief.name || trimmed },
        versions: [{ ...first, id: 'v1' }],
        activeVersionId: 'v1',
      });
      store(c);
      set({ characterId: c.id, characterName: c.name });
      toast('success', c.sync ? t('library.keptOffline') : t('library.saved', { name: c.name }));
    } catch (err) {
      console.error('Character save failed', err);
      setError(saveError(err, t('library.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  /** Saves the name, tags and design brief of the open character (its drawing is saved as versions). */
  const updateDetails = async () => {
    if (!characterId) return;
    const trimmed = name.trim();
    if (!trimmed) return setError(t('library.nameRequired'));
    setError(null);
    setBusy(true);
    try {
      const c = await charactersApi.update(characterId, { name: trimmed, brief, ...(tags.trim() ? { tags: splitList(tags).slice(0, 20) } : {}) });
      store(c);
      set({ characterName: c.name });
      toast('success', c.sync ? t('library.keptOffline') : t('library.updated', { name: c.name }));
    } catch (err) {
      console.error('Character update failed', err);
      setError(saveError(err, t('library.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const open = async (c: Character) => {
    if (!c.activeVersionId) return;
    try {
      await openVersion(engine, c.id, c.activeVersionId);
      set({ characterId: c.id, characterName: c.name, brief: c.brief });
      setName(c.name);
      setTags(c.tags.join(', '));
      toast('success', t('library.opened', { name: c.name }));
    } catch (err) {
      console.error('Character load failed', err);
      toast('error', t('library.loadFailed'));
    }
  };

  const remove = async (c: Character) => {
    if (!window.confirm(t('library.confirmDelete', { name: c.name }))) return;
    try {
      await charactersApi.remove(c.id);
      qc.setQueryData<Character[]>(CHARACTERS_KEY, (l) => (l ?? []).filter((x) => x.id !== c.id));
      if (characterId === c.id) set({ characterId: null });
    } catch (err) {
      console.error('Character delete failed', err);
      toast('error', saveError(err, t('library.deleteFailed')));
    }
  };

  const resolve = async (c: LocalCharacter, choice: 'mine' | 'theirs') => {
    await charactersApi.resolveConflict(c.id, choice);
    await qc.invalidateQueries({ queryKey: CHARACTERS_KEY });
    if (choice === 'theirs' && c.id === characterId && c.conflict) {
      set({ characterName: c.conflict.name, brief: c.conflict.brief });
      setName(c.conflict.name);
      setTags(c.conflict.tags.join(', '));
    }
  };

  const duplicate = async (c: Character) => {
    try {
      store(await charactersApi.duplicate(c.id));
    } catch (err) {
      console.error('Character duplicate failed', err);
      toast('error', saveError(err, t('library.saveFailed')));
    }
  };

  return (
    <div className="an-library-panel">
      <form
        className="an-save-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">
          <span>{t('library.name')}</span>
          <input className="input" value={name} maxLength={CHARACTER_NAME_MAX} onChange={(e) => setName(e.target.value)} aria-invalid={!!error} placeholder={t('library.namePlaceholder')} />
        </label>
        <label className="field">
          <span>{t('library.tags')}</span>
          <input className="input" value={tags} onChange={(e) => setTags(e.target.value)} placeholder={t('library.tagsPlaceholder')} />
        </label>
        <details className="an-brief">
          <summary>{t('brief.title')}</summary>
          {(['name', 'age', 'background', 'catchphrase'] as const).map((k) => (
            <label key={k} className="field">
              <span>{t(`brief.${k}`)}</span>
              {k === 'background' ? (
                <textarea className="input" rows={3} maxLength={4000} value={brief[k]} onChange={(e) => set({ brief: { ...brief, [k]: e.target.value } })} />
              ) : (
                <input className="input" maxLength={k === 'age' ? 40 : k === 'name' ? 100 : 300} value={brief[k]} onChange={(e) => set({ brief: { ...brief, [k]: e.target.value } })} />
              )}
            </label>
          ))}
          {(['personalityTraits', 'visualMotifs', 'designElements'] as const).map((k) => (
            <label key={k} className="field">
              <span>{t(`brief.${k}`)}</span>
              <input className="input" value={brief[k].join(', ')} onChange={(e) => set({ brief: { ...brief, [k]: splitList(e.target.value) } })} placeholder={t('brief.listHint')} />
            </label>
          ))}
        </details>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <Button variant="primary" block type="submit" disabled={busy}>
          {busy ? t('library.saving') : t('library.saveNew')}
        </Button>
        {characterId && q.data?.some((c) => c.id === characterId) && (
          <Button block disabled={busy} onClick={() => void updateDetails()}>
            {t('library.update')}
          </Button>
        )}
      </form>
      <h4>{t('library.yours')}</h4>
      {q.isPending && <div className="spinner" aria-busy />}
      {q.isError && <p className="muted an-small">{t('library.loadFailed')}</p>}
      {q.data && q.data.length === 0 && <p className="muted an-small">{t('library.empty')}</p>}
      <ul className="an-character-list">
        {q.data?.map((c) => (
          <li key={c.id} className={`an-character-card ${c.id === characterId ? 'is-current' : ''}`}>
            {c.thumbnail ? <img src={c.thumbnail} alt="" /> : <span className="an-thumb-empty" aria-hidden><Palette size={18} /></span>}
            <span className="an-character-info">
              <strong className="an-ellipsis">{c.name}</strong>
              <small className="muted">
                {t('library.versions', { count: c.versions.length })} · {ago(c.lastModified)}
              </small>
              {c.sync === 'pending' && <small className="an-sync-note">{t('library.pending')}</small>}
              {c.sync === 'refused' && <small className="field-error">{t('library.refused', { reason: c.refused })}</small>}
              {c.sync === 'conflict' && c.conflict && (
                <span className="an-sync-note" role="alert">
                  <small>{t('library.conflict', { name: c.conflict.name })}</small>
                  <span className="an-chips">
                    <Button size="sm" onClick={() => void resolve(c, 'mine')}>
                      {t('library.keepMine')}
                    </Button>
                    <Button size="sm" onClick={() => void resolve(c, 'theirs')}>
                      {t('library.takeTheirs')}
                    </Button>
                  </span>
                </span>
              )}
              {c.tags.length > 0 && (
                <span className="an-chips">
                  {c.tags.slice(0, 4).map((tag) => (
                    <span key={tag} className="an-chip">
                      {tag}
                    </span>
                  ))}
                </span>
              )}
            </span>
            <span className="an-character-actions">
              <Button variant="primary" size="sm" onClick={() => open(c)}>
                {t('library.open')}
              </Button>
              <Button size="sm" onClick={() => duplicate(c)}>
                {t('library.duplicate')}
              </Button>
              <Button variant="danger" size="sm" onClick={() => remove(c)} aria-label={t('library.delete', { name: c.name })}>
                <Trash2 size={15} />
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
