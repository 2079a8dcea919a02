import { POSE_CATEGORIES, POSES, type Pose, type PoseCategory } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { Tabs } from '../../../shared/ui/Tabs';
import { toast } from '../../../shared/ui/toast';
import { useEngine } from '../engine';
import { poseGuide } from '../lib/guides';
import { useAnime } from '../store';

function PoseFigure({ pose }: { pose: Pose }) {
  return (
    <svg viewBox="0 0 100 160" className="an-pose-figure" aria-hidden>
      {pose.figure.lines.map((line, i) => (
        <polyline key={i} points={line.map(([x, y]) => `${x},${y}`).join(' ')} fill="none" stroke="#f0abfc" strokeWidth={5} strokeLinecap="round" strokeLinejoin="round" />
      ))}
      <circle cx={pose.figure.head[0]} cy={pose.figure.head[1]} r={12} fill="none" stroke="#f0abfc" strokeWidth={5} />
    </svg>
  );
}

/** Spec §9 poses with preview figures; applying adds 'Pose: name' and a pose guide layer. */
export function PosesPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const { livePreview } = useAnime();
  const [category, setCategory] = useState<PoseCategory | 'all'>('all');
  const [selected, setSelected] = useState<Pose | null>(null);
  const apply = (pose: Pose) => {
    const doc = engine.document;
    engine.importImage(poseGuide(pose, doc.width, doc.height), { name: `Pose guide: ${pose.name}`, x: 0, y: 0, scale: 1 });
    engine.setLayerProps(engine.document.activeLayerId, { opacity: 60 });
    useAnime.getState().addDesignElement(`Pose: ${pose.name}`);
    toast('success', t('poses.applied', { name: pose.name }));
    setSelected(null);
  };
  return (
    <div className="an-poses-panel">
      <Tabs
        label={t('toolbar.items.poses')}
        value={category}
        onValueChange={(c) => setCategory(c as typeof category)}
        items={(['all', ...POSE_CATEGORIES] as const).map((c) => ({
          id: c,
          label: t(`poses.categories.${c}`),
          content: (
            <div className="an-pose-grid">
              {POSES.filter((p) => c === 'all' || p.category === c).map((p) => (
                <button key={p.id} type="button" className={`an-pose-card ${selected?.id === p.id ? 'is-selected' : ''}`} aria-pressed={selected?.id === p.id} onClick={() => (livePreview ? apply(p) : setSelected(p))} title={p.description}>
                  <PoseFigure pose={p} />
                  <strong>{p.name}</strong>
                  <small className="muted">{t(`poses.categories.${p.category}`)}</small>
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
