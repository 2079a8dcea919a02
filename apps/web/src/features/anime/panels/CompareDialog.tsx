import type { VersionSummary } from '@yumi/core';
import { flattenDocument, type PixelBuffer } from '@yumi/paint';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/Dialog';
import { Tabs } from '../../../shared/ui/Tabs';
import { charactersApi } from '../api';
import { bufferToDataUrl, canvasDataToDocument } from '../lib/pixels';
import { differenceImage } from '../lib/diff';

interface Result {
  a: string;
  b: string;
  diff: string;
  changedPercent: number;
}

async function composite(characterId: string, v: VersionSummary): Promise<PixelBuffer> {
  const detail = await charactersApi.version(characterId, v.id);
  return flattenDocument(await canvasDataToDocument(detail.canvasData), 100, { r: 255, g: 255, b: 255, a: 255 });
}

/** Two versions side by side and as a difference overlay (changed pixels in magenta over a faded base). */
export function CompareDialog({ characterId, a, b, onClose }: { characterId: string; a: VersionSummary; b: VersionSummary; onClose(): void }) {
  const { t } = useTranslation('anime');
  const [view, setView] = useState<'side' | 'diff'>('side');
  const [result, setResult] = useState<Result | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([composite(characterId, a), composite(characterId, b)])
      .then(([ia, ib]) => {
        const d = differenceImage(ia, ib);
        if (live) setResult({ a: bufferToDataUrl(ia), b: bufferToDataUrl(ib), diff: bufferToDataUrl(d.image), changedPercent: d.changedPercent });
      })
      .catch((err: unknown) => {
        console.error('Compare failed', err);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [characterId, a, b]);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t('versions.compareTitle')} wide>
      {failed && <p className="alert alert-error">{t('library.loadFailed')}</p>}
      {!result && !failed && <div className="spinner" aria-busy />}
      {result && (
        <Tabs
          label={t('versions.compareTitle')}
          value={view}
          onValueChange={(v) => setView(v as typeof view)}
          items={[
            {
              id: 'side',
              label: t('versions.view.side'),
              content: (
                <div className="an-compare-side">
                  <figure>
                    <img src={result.a} alt={a.name} />
                    <figcaption>{a.name}</figcaption>
                  </figure>
                  <figure>
                    <img src={result.b} alt={b.name} />
                    <figcaption>{b.name}</figcaption>
                  </figure>
                </div>
              ),
            },
            {
              id: 'diff',
              label: t('versions.view.diff'),
              content: (
                <figure className="an-compare-diff">
                  <img src={result.diff} alt={t('versions.view.diff')} data-testid="diff-image" />
                  <figcaption>{t('versions.changed', { percent: result.changedPercent.toFixed(1) })}</figcaption>
                </figure>
              ),
            },
          ]}
        />
      )}
    </Dialog>
  );
}
