import type { PaintEngine } from '@yumi/paint';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CHARACTERS_SYNCED } from '../../shared/offline/characters';
import { toast } from '../../shared/ui/toast';
import { CHARACTERS_KEY, charactersApi } from './api';
import { openVersion } from './saving';
import { useAnime } from './store';

/**
 * `/anime-chara?character=<id>`: the address names the open character, so a link or a reload opens it (from
 * this device when offline). Runs once the recovered drawing is in place (`ready`): when that drawing is
 * already the linked character's, it stays, with any strokes not yet saved as a version.
 */
export function useCharacterLink(engine: PaintEngine, ready: boolean) {
  const { t } = useTranslation('anime');
  const [params, setParams] = useSearchParams();
  const characterId = useAnime((s) => s.characterId);
  const qc = useQueryClient();
  // The link is opened once; the address follows the open character only after that.
  const phase = useRef<'waiting' | 'opening' | 'done'>('waiting');
  const linked = params.get('character');
  // The link names a character this account does not have (deleted, or someone else's): a not-found page.
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!ready || phase.current !== 'waiting') return;
    if (!linked) {
      phase.current = 'done';
      return;
    }
    phase.current = 'opening';
    void (async () => {
      const id = await charactersApi.currentId(linked);
      const state = useAnime.getState();
      if (state.characterId === id && engine.document.hasDrawing()) return;
      const c = await charactersApi.get(id);
      if (!c) {
        setMissing(true);
        return;
      }
      if (!c.activeVersionId) throw new Error('The character has no version to open');
      await openVersion(engine, c.id, c.activeVersionId);
      state.set({ characterId: c.id, characterName: c.name, brief: c.brief });
    })()
      .catch((err: unknown) => {
        console.error('Character link failed', err);
        toast('error', t('library.loadFailed'));
      })
      .finally(() => (phase.current = 'done'));
  }, [ready, linked, engine, t]);

  useEffect(() => {
    if (phase.current !== 'done' || (characterId ?? null) === linked) return;
    setParams(
      (p) => {
        if (characterId) p.set('character', characterId);
        else p.delete('character');
        return p;
      },
      { replace: true },
    );
  }, [characterId, linked, setParams, ready]);

  // A character made offline gets the server's id once it is sent: the open one follows.
  useEffect(() => {
    const onSynced = (e: Event) => {
      const moved = (e as CustomEvent<{ moved: [string, string][] }>).detail.moved;
      const state = useAnime.getState();
      const hit = moved.find(([from]) => from === state.characterId);
      if (hit) state.set({ characterId: hit[1] });
      void qc.invalidateQueries({ queryKey: CHARACTERS_KEY });
    };
    window.addEventListener(CHARACTERS_SYNCED, onSynced);
    return () => window.removeEventListener(CHARACTERS_SYNCED, onSynced);
  }, [qc]);

  /** Leave the not-found page: drop the dead link from the address. */
  const dismissMissing = useCallback(() => {
    setMissing(false);
    setParams(
      (p) => {
        p.delete('character');
        return p;
      },
      { replace: true },
    );
  }, [setParams]);
  return { missing, dismissMissing };
}
