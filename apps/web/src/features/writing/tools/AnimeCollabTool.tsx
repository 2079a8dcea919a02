import { charactersApi, collabCharacter, collabPrompt, type CollabCharacter } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, call } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { SegmentedControl } from '../../../shared/ui/SegmentedControl';
import { useCurrentUser } from '../../../shared/hooks/useCurrentUser';
import { useWriting } from '../context';
import { assertModel, streamChat } from '../lib/ai';
import { AiError } from '../../../shared/ai';
import { useAiRun } from '../useAiRun';
import { streamInto } from './streamInsert';
import { ToolHeader } from './ToolHeader';

type LibraryCharacter = CollabCharacter & { id: string };

/** Co-write with a character from the user's library: the model writes their lines or narration in their voice. */
export function AnimeCollabTool() {
  const { t } = useTranslation('writing');
  const { user } = useCurrentUser();
  const { editor, ai } = useWriting();
  const [characterId, setCharacterId] = useState<string>('');
  const [role, setRole] = useState<'dialogue' | 'narration'>('dialogue');
  const [direction, setDirection] = useState('');
  const { running, error, run, stop } = useAiRun();
  const library = useQuery({
    queryKey: ['anime-helper', 'characters', user?.id ?? 'anon'],
    queryFn: async () => {
      try {
        const list = await call(charactersApi.list, {}, { retries: 0, quiet: true });
        return list.map((c): LibraryCharacter => ({ id: c.id, ...collabCharacter(c) }));
      } catch (err) {
        // No library yet (feature not installed, or signed out): treat as empty.
        if (err instanceof ApiError && (err.status === 404 || err.status === 401)) return [];
        throw err;
      }
    },
    retry: false,
  });
  const characters = library.data ?? [];
  const character = characters.find((c) => c.id === characterId) ?? characters[0];

  const write = () =>
    run(async (signal) => {
      if (!character) return;
      assertModel(ai);
      const { end } = editor.getSelection();
      const target = streamInto(editor, end);
      target.push('\n\n');
      const message = collabPrompt(character, editor.getText().slice(0, end), role, direction);
      await streamChat({ message, context: ai }, { onDelta: (d) => target.push(d), signal });
    });

  return (
    <div className="tool-body">
      <ToolHeader id="anime-collab" />
      {library.isLoading && <div className="spinner" />}
      {library.error && <p className="alert alert-error">{(library.error as Error).message}</p>}
      {!library.isLoading && !library.error && characters.length === 0 && (
        <div className="alert alert-info small" data-testid="collab-empty">
          <p>{user ? t('collab.empty') : t('collab.signedOut')}</p>
          <Link className="btn btn-sm" to="/anime-chara">
            {t('collab.create')}
          </Link>
        </div>
      )}
      {character && (
        <>
          <label className="field">
            <span>{t('collab.character')}</span>
            <select className="select" value={character.id} onChange={(e) => setCharacterId(e.target.value)}>
              {characters.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <div className="char-card card small">
            <strong>{character.name}</strong>
            {character.age !== null && character.age !== undefined && <span> · {t('collab.age', { age: character.age })}</span>}
            {character.catchphrase && <p>“{character.catchphrase}”</p>}
            {character.traits && character.traits.length > 0 && <p className="muted">{character.traits.join(' · ')}</p>}
            {character.background && <p className="muted">{character.background}</p>}
          </div>
          <SegmentedControl label={t('collab.role')} value={role} onValueChange={setRole} options={(['dialogue', 'narration'] as const).map((r) => ({ value: r, label: t(`collab.roles.${r}`) }))} />
          <label className="field" style={{ marginTop: 10 }}>
            <span>{t('collab.direction')}</span>
            <input className="input" value={direction} maxLength={500} placeholder={t('collab.directionPlaceholder')} onChange={(e) => setDirection(e.target.value)} />
          </label>
          {running ? (
            <Button size="sm" variant="danger" onClick={stop}>
              ■ {t('continue.stop')}
            </Button>
          ) : (
            <Button size="sm" variant="primary" onClick={() => void write()}>
              {t('collab.write', { name: character.name })}
            </Button>
          )}
          <AiError error={error} />
        </>
      )}
    </div>
  );
}
