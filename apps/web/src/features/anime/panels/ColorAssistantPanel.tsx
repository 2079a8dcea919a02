import { charactersApi } from '@yumi/core';
import { analyzeColors, DEFAULT_COLOR_ANALYSIS, suggestColors, suggestThemeColors, THEME_PALETTES, type ColorAnalysis, type ColorSuggestion } from '@yumi/imaging';
import { Palette } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/client';
import { useEngine } from '../engine';
import { bufferToDataUrl } from '../lib/pixels';
import { useAnime } from '../store';
import { Button } from '../../../shared/ui/Button';

type Source = 'server' | 'browser' | 'default';

/** Analysis of the drawing: the server first, the same code in the browser when offline, the spec's defaults last. */
export async function analyzeDrawing(engine: ReturnType<typeof useEngine>): Promise<{ analysis: ColorAnalysis; source: Source }> {
  const small = engine.thumbnail(null, 512);
  try {
    const analysis = await call(charactersApi.analyzeColors, { body: { imageData: bufferToDataUrl(small) } }, { quiet: true });
    return { analysis, source: 'server' };
  } catch (err) {
    console.error('Colour analysis failed on the server', err);
    try {
      return { analysis: analyzeColors(small), source: 'browser' };
    } catch {
      return { analysis: DEFAULT_COLOR_ANALYSIS, source: 'default' };
    }
  }
}

function Suggestion({ s, onPick }: { s: ColorSuggestion; onPick(c: string): void }) {
  const { t } = useTranslation('anime');
  const params = { ...s.reason.params, ...(typeof s.reason.params.themeKey === 'string' ? { theme: t(s.reason.params.themeKey) } : {}) };
  return (
    <li className="an-suggestion">
      <button type="button" className="an-swatch" style={{ background: s.color }} aria-label={s.color} title={s.color} onClick={() => onPick(s.color)} />
      <span>
        <strong>{s.color}</strong> <span className="badge">{t(`colour.category.${s.category}`)}</span>
        <small className="muted">{t(s.reason.reasonKey, params)}</small>
      </span>
      <span className="an-score" title={t('colour.compatibility')}>
        {s.compatibility}
      </span>
    </li>
  );
}

/** Spec §7 AI colour assistant: dominant colours, harmony, style, recommendations, five theme palettes, suggestions. */
export function ColorAssistantPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { rememberColor, addColor } = useAnime();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ analysis: ColorAnalysis; source: Source } | null>(null);
  const [theme, setTheme] = useState<string | null>(null);
  const pick = (c: string) => {
    engine.setColor(c);
    rememberColor(c);
  };
  const run = async () => {
    setBusy(true);
    setResult(await analyzeDrawing(engine));
    setBusy(false);
  };
  const a = result?.analysis;
  const suggestions = theme ? suggestThemeColors(theme) : a ? suggestColors(a) : [];
  return (
    <div className="an-assistant-panel">
      <Button variant="primary" block disabled={busy} onClick={run}>
        <Palette size={16} aria-hidden /> {busy ? t('colour.analyzing') : t('colour.analyze')}
      </Button>
      {result?.source === 'default' && <p className="alert alert-warning an-small">{t('colour.fallback')}</p>}
      {a && (
        <>
          <h4>{t('colour.dominant')}</h4>
          <div className="an-swatches">
            {a.dominantColors.map((c) => (
              <button key={c} type="button" className="an-swatch" style={{ background: c }} title={c} aria-label={c} onClick={() => pick(c)} />
            ))}
          </div>
          <p className="an-small">
            {t('colour.harmonyLabel')}: <span className="badge">{t(`colour.harmony.${a.colorHarmony}`)}</span> · {t('colour.styleLabel')}: <span className="badge">{t(`colour.style.${a.styleCategory}`)}</span>
          </p>
          {(['hairColor', 'accentColors', 'backgroundSuggestions'] as const).map((k) => (
            <div key={k}>
              <h4>{t(`colour.recommend.${k}`)}</h4>
              <div className="an-swatches">
                {a.recommendations[k].map((c) => (
                  <button key={c} type="button" className="an-swatch" style={{ background: c }} title={c} aria-label={c} onClick={() => pick(c)} />
                ))}
              </div>
            </div>
          ))}
          <h4>{t('colour.palettes')}</h4>
          {a.suggestedPalettes.map((p) => (
            <div key={p.id} className="an-palette-row">
              <span className="an-small">{t(p.nameKey)}</span>
              <span className="an-swatches">
                {p.colors.map((c) => (
                  <button key={c} type="button" className="an-swatch an-swatch-sm" style={{ background: c }} title={c} aria-label={c} onClick={() => pick(c)} />
                ))}
              </span>
              <Button variant="ghost" size="sm" onClick={() => p.colors.forEach(addColor)}>
                {t('colour.savePalette')}
              </Button>
            </div>
          ))}
        </>
      )}
      <h4>{t('colour.themes')}</h4>
      <div className="an-chips">
        {THEME_PALETTES.map((p) => (
          <button key={p.id} type="button" className={`btn btn-sm ${theme === p.id ? 'btn-primary' : ''}`} aria-pressed={theme === p.id} onClick={() => setTheme(theme === p.id ? null : p.id)}>
            {t(p.nameKey)}
          </button>
        ))}
      </div>
      {suggestions.length > 0 && (
        <>
          <h4>{t('colour.suggestions')}</h4>
          <ul className="an-suggestion-list">
            {suggestions.map((s, i) => (
              <Suggestion key={`${s.color}-${i}`} s={s} onPick={pick} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
