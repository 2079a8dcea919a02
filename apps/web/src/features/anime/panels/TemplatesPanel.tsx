import { animeRefsApi, TEMPLATE_CATEGORIES, type StyleTemplate, type TemplateCategory } from '@yumi/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/Button';
import { Tabs } from '../../../shared/ui/Tabs';
import { toast } from '../../../shared/ui/toast';
import { useEngine } from '../engine';
import { templateGuide } from '../lib/guides';
import { useAnime } from '../store';

/** A tiny proportion figure: the head and body in head units. */
function ProportionFigure({ t }: { t: StyleTemplate }) {
  const h = t.proportions.headRatio;
  const unit = 56 / h;
  return (
    <svg viewBox="0 0 40 60" className="an-proportion-figure" aria-hidden>
      {Array.from({ length: Math.ceil(h) + 1 }, (_, i) => (
        <line key={i} x1={6} x2={34} y1={2 + Math.min(i * unit, 56)} y2={2 + Math.min(i * unit, 56)} stroke="#475569" strokeWidth={0.5} />
      ))}
      <ellipse cx={20} cy={2 + unit / 2} rx={unit * 0.38} ry={unit / 2} fill="none" stroke="#f0abfc" strokeWidth={1.2} />
      <line x1={20 - (unit * t.proportions.bodyRatio) / 2} x2={20 + (unit * t.proportions.bodyRatio) / 2} y1={2 + unit * 1.35} y2={2 + unit * 1.35} stroke="#f0abfc" strokeWidth={1.2} />
      <line x1={20} x2={20} y1={2 + unit} y2={2 + 56 * 0.52} stroke="#f0abfc" strokeWidth={1.2} />
    </svg>
  );
}

function applyTemplate(engine: ReturnType<typeof useEngine>, tpl: StyleTemplate) {
  const doc = engine.document;
  engine.importImage(templateGuide(tpl, doc.width, doc.height), { name: `Template guide: ${tpl.name}`, x: 0, y: 0, scale: 1 });
  engine.setLayerProps(engine.document.activeLayerId, { opacity: 60 });
  useAnime.getState().addDesignElement(`Template: ${tpl.name}`);
}

/** Spec §4 templates: live preview applies on click; otherwise select then Continue. */
export function TemplatesPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { livePreview, set } = useAnime();
  const [category, setCategory] = useState<TemplateCategory>('popular');
  const [selected, setSelected] = useState<StyleTemplate | null>(null);
  const q = useQuery({
    queryKey: ['anime', 'templates'],
    queryFn: () => call(animeRefsApi.templates, {}, { quiet: true, retries: 1 }),
    retry: false,
    staleTime: Infinity,
  });

  const apply = (tpl: StyleTemplate) => {
    applyTemplate(engine, tpl);
    toast('success', t('templates.applied', { name: tpl.name }));
    setSelected(null);
  };

  if (q.isPending) return <div className="spinner" aria-busy />;
  if (q.isError) {
    const signIn = q.error instanceof ApiError && q.error.status === 401;
    return (
      <div className="alert alert-error" role="alert">
        <p>{signIn ? t('templates.signIn') : q.error.message ? `${t('templates.failed')}: ${q.error.message}` : t('templates.failed')}</p>
        <Button size="sm" onClick={() => void q.refetch()}>
          {t('templates.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="an-templates-panel">
      <label className="an-switch-row">
        <input type="checkbox" checked={livePreview} onChange={(e) => set({ livePreview: e.target.checked })} />
        <span>{t('templates.livePreview')}</span>
      </label>
      <Tabs
        label={t('toolbar.items.templates')}
        value={category}
        onValueChange={(c) => setCategory(c as typeof category)}
        items={TEMPLATE_CATEGORIES.map((c) => ({
          id: c,
          label: t(`templates.categories.${c}`),
          content: (
            <div className="an-card-list">
              {q.data.templates.filter((x) => x.category === c).map((tpl) => (
                <button
                  key={tpl.id}
                  type="button"
                  className={`an-pick-card ${selected?.id === tpl.id ? 'is-selected' : ''}`}
                  aria-pressed={selected?.id === tpl.id}
                  data-template={tpl.id}
                  onClick={() => (livePreview ? apply(tpl) : setSelected(tpl))}
                >
                  <ProportionFigure t={tpl} />
                  <span className="an-pick-body">
                    <strong>{tpl.name}</strong>
                    <small className="muted">{tpl.description}</small>
                    <span className="an-chips">
                      {tpl.characteristics.map((c) => (
                        <span key={c} className="an-chip">
                          {c}
                        </span>
                      ))}
                    </span>
                    <small className="muted">{t('templates.proportions', { head: tpl.proportions.headRatio, body: tpl.proportions.bodyRatio })}</small>
                  </span>
                </button>
              ))}
            </div>
          ),
        }))}
      />
      {!livePreview && (
        <Button variant="primary" block disabled={!selected} onClick={() => selected && apply(selected)}>
          {t('templates.continue')}
        </Button>
      )}
    </div>
  );
}
