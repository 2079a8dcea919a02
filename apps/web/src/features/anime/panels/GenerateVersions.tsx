import { compatibilityScore, THEME_PALETTES } from '@yumi/imaging';
import type { PixelBuffer } from '@yumi/paint';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { charactersApi, useStoreCharacter } from '../api';
import { useEngine } from '../engine';
import { bufferToDataUrl } from '../lib/pixels';
import { recolorImage, type ColorMapping } from '../lib/recolor';
import { saveError, versionBody } from '../saving';
import { useAnime } from '../store';
import { analyzeDrawing } from './ColorAssistantPanel';
import { Button } from '../../../shared/ui/Button';

interface Variant {
  id: string;
  nameKey: string;
  type: 'main' | 'alternative';
  confidence: number;
  mappings: ColorMapping[];
  preview: string;
}

/**
 * Create-mode "generate versions": recoloured variants of the drawing from the suggested palettes. The main
 * variant is the best-scoring palette; alternatives follow with the spec's falling confidence.
 */
export function GenerateVersions() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { characterId } = useAnime();
  const store = useStoreCharacter();
  const [variants, setVariants] = useState<Variant[] | null>(null);
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    setBusy(true);
    try {
      const { analysis } = await analyzeDrawing(engine);
      const from = analysis.dominantColors;
      const candidates = [
        ...analysis.suggestedPalettes.map((p) => ({ id: p.id, nameKey: p.nameKey, colors: p.colors })),
        ...THEME_PALETTES.map((p) => ({ id: p.id, nameKey: p.nameKey, colors: [...p.colors] })),
      ].filter((p) => p.colors.length > 0);
      const small = engine.thumbnail(null, 160);
      setVariants(
        candidates.slice(0, 6).map((p, i) => {
          const mappings = from.map((c, k) => ({ from: c, to: p.colors[k % p.colors.length]! }));
          return { id: p.id, nameKey: p.nameKey, type: i === 0 ? 'main' : 'alternative', confidence: compatibilityScore('base', i), mappings, preview: bufferToDataUrl(recolorImage(small, mappings)) };
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  const apply = async (v: Variant, asVersion: boolean) => {
    const doc = engine.document;
    const full = { x: 0, y: 0, width: doc.width, height: doc.height };
    for (const layer of doc.layers) {
      if (layer.locked || layer.surface.isEmpty()) continue;
      const src: PixelBuffer = { data: layer.surface.readRect(full), width: doc.width, height: doc.height };
      engine.applyPixels(layer.id, full, recolorImage(src, v.mappings).data, 'Recolour');
    }
    if (asVersion && characterId) {
      try {
        store(await charactersApi.addVersion(characterId, versionBody(engine, `${t(v.nameKey)} (${t(`variants.${v.type}`)})`)));
        toast('success', t('versions.saved'));
      } catch (err) {
        toast('error', saveError(err, t('library.saveFailed')));
      }
    }
  };

  return (
    <div className="an-variants">
      <Button block disabled={busy} onClick={generate}>
        <Sparkles size={16} aria-hidden /> {busy ? t('colour.analyzing') : t('variants.generate')}
      </Button>
      {variants && (
        <div className="an-variant-grid">
          {variants.map((v) => (
            <figure key={v.id} className={`an-variant ${v.type === 'main' ? 'is-main' : ''}`}>
              <img src={v.preview} alt={t(v.nameKey)} />
              <figcaption>
                <strong>{t(v.nameKey)}</strong>
                <small className="muted">
                  {t(`variants.${v.type}`)} · {t('variants.confidence', { value: v.confidence })}
                </small>
                <span className="an-row-buttons">
                  <Button size="sm" onClick={() => apply(v, false)}>
                    {t('variants.apply')}
                  </Button>
                  {characterId && (
                    <Button variant="primary" size="sm" onClick={() => apply(v, true)}>
                      {t('variants.applyAsVersion')}
                    </Button>
                  )}
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </div>
  );
}
