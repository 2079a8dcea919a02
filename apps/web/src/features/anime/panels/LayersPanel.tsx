import { BLEND_MODES, type BlendMode, type LayerInfo } from '@yumi/paint';
import { ArrowDown, ArrowUp, Eye, EyeOff, Folder, FolderInput, FolderOutput, Lock, LockOpen, Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useEngine, useEngineSnapshot } from '../engine';
import { bufferToCanvas } from '../lib/pixels';
import { LayerDnd, useLayerRowDnd } from './layerDnd';
import { Button } from '../../../shared/ui/Button';

function LayerThumb({ id, version }: { id: string; version: number }) {
  const engine = useEngine();
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c || engine.isStroking) return;
    const thumb = engine.thumbnail(id, 44);
    c.width = thumb.width;
    c.height = thumb.height;
    c.getContext('2d')!.drawImage(bufferToCanvas(thumb), 0, 0);
  }, [engine, id, version]);
  return <canvas ref={ref} className="an-layer-thumb" aria-hidden />;
}

/** A row of the layers list: its grip drags it (pointer or keyboard) above, below or into another row. */
function LayerRow({ layer: l, active, children }: { layer: LayerInfo; active: boolean; children: React.ReactNode }) {
  const dnd = useLayerRowDnd(l);
  return (
    <li ref={dnd.setRef} className={`an-layer-row ${active ? 'is-active' : ''} ${l.group ? 'is-group' : ''} ${dnd.className}`} data-layer={l.name} style={{ paddingInlineStart: 4 + l.depth * 16, ...dnd.style }}>
      {dnd.grip}
      {children}
    </li>
  );
}

/** Spec §3/§4 layers: visibility, lock, rename, opacity, blend mode, order, duplicate, merge, delete; nested groups. */
export function LayersPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const [renaming, setRenaming] = useState<string | null>(null);
  const active = snap.layers.find((l) => l.id === snap.activeLayerId)!;
  const top = useMemo(() => [...snap.layers].reverse(), [snap.layers]);
  const index = snap.layers.findIndex((l) => l.id === snap.activeLayerId);
  const topLevel = snap.layers.filter((l) => l.parentId === null);
  // up and down also step into and out of groups, so only the ends of the top level are stuck
  const atTop = active.parentId === null && topLevel.at(-1)?.id === active.id;
  const atBottom = active.parentId === null && topLevel[0]?.id === active.id;
  const below = snap.layers[index - 1];
  const canMerge = !active.group && !!below && !below.group && below.parentId === active.parentId;
  const refused = (r: { ok: boolean; reason?: string }) => {
    if (!r.ok && 'reason' in r) toast('warning', t(`layers.refused.${r.reason}`));
  };

  return (
    <div className="an-layers-panel">
      <LayerDnd layers={snap.layers}>
        <ul className="an-layer-list" aria-label={t('layers.title')}>
          {top.map((l) => (
            <LayerRow key={l.id} layer={l} active={l.id === snap.activeLayerId}>
              <button type="button" className="an-icon-toggle" aria-pressed={l.visible} aria-label={l.visible ? t('layers.hide', { name: l.name }) : t('layers.show', { name: l.name })} onClick={() => engine.setLayerProps(l.id, { visible: !l.visible })}>
                {l.visible ? <Eye size={16} /> : <EyeOff size={16} />}
              </button>
              <button type="button" className="an-icon-toggle" aria-pressed={l.locked} aria-label={l.locked ? t('layers.unlock', { name: l.name }) : t('layers.lock', { name: l.name })} onClick={() => engine.setLayerProps(l.id, { locked: !l.locked })}>
                {l.locked ? <Lock size={16} /> : <LockOpen size={16} />}
              </button>
              {l.group ? <Folder size={20} className="an-layer-folder" aria-hidden /> : <LayerThumb id={l.id} version={l.pixelsVersion} />}
              {renaming === l.id ? (
                <input
                  className="input an-layer-name-input"
                  defaultValue={l.name}
                  autoFocus
                  maxLength={100}
                  aria-label={t('layers.rename')}
                  onBlur={(e) => {
                    refused(engine.renameLayer(l.id, e.currentTarget.value));
                    setRenaming(null);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.blur();
                    if (e.key === 'Escape') setRenaming(null);
                  }}
                />
              ) : (
                <button type="button" className="an-layer-name" aria-current={l.id === snap.activeLayerId} onClick={() => engine.setActiveLayer(l.id)} onDoubleClick={() => setRenaming(l.id)}>
                  <span>{l.name}</span>
                  <small className="muted">
                    {l.group && `${t('layers.groupKind')} · `}
                    {l.clipping && <span title={t('layers.clipping')}>↳ </span>}
                    {l.group && l.passThrough ? t('layers.passThroughShort') : t(`blend.${l.blendMode}`)} · {l.opacity}%{l.alphaLock && ` · ${t('layers.alphaLockShort')}`}
                  </small>
                </button>
              )}
            </LayerRow>
          ))}
        </ul>
      </LayerDnd>
      <div className="an-layer-props">
        <label className="field">
          <span>{t('layers.opacity', { value: active.opacity })}</span>
          <input
            type="range"
            min={0}
            max={100}
            value={active.opacity}
            aria-label={t('layers.opacityLabel')}
            onChange={(e) => engine.setLayerProps(active.id, { opacity: Number(e.target.value) }, { transient: true })}
            onPointerUp={(e) => engine.setLayerProps(active.id, { opacity: Number(e.currentTarget.value) })}
            onKeyUp={(e) => engine.setLayerProps(active.id, { opacity: Number(e.currentTarget.value) })}
          />
        </label>
        <div className="an-layer-flags">
          <label>
            <input type="checkbox" checked={active.alphaLock} onChange={(e) => engine.setLayerProps(active.id, { alphaLock: e.target.checked })} /> {t('layers.alphaLock')}
          </label>
          <label>
            <input type="checkbox" checked={active.clipping} disabled={index === 0} onChange={(e) => engine.setLayerProps(active.id, { clipping: e.target.checked })} /> {t('layers.clipping')}
          </label>
          {active.group && (
            <label title={t('layers.passThroughHint')}>
              <input type="checkbox" checked={active.passThrough} onChange={(e) => engine.setLayerProps(active.id, { passThrough: e.target.checked })} /> {t('layers.passThrough')}
            </label>
          )}
        </div>
        <label className="field">
          <span>{t('layers.blendMode')}</span>
          <select className="input" value={active.blendMode} disabled={active.group && active.passThrough} onChange={(e) => engine.setLayerProps(active.id, { blendMode: e.target.value as BlendMode })}>
            {BLEND_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`blend.${m}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="an-layer-actions">
        <Button variant="primary" size="sm" onClick={() => engine.addLayer()}>
          <Plus size={15} aria-hidden /> {t('layers.add')}
        </Button>
        <Button size="sm" onClick={() => engine.duplicateLayer(active.id)}>
          {t('layers.duplicate')}
        </Button>
        <Button size="sm" disabled={!canMerge} onClick={() => refused(engine.mergeDown(active.id))}>
          {t('layers.mergeDown')}
        </Button>
        <Button size="sm" aria-label={t('layers.moveUp')} title={t('layers.moveUp')} disabled={atTop} onClick={() => engine.moveItem(active.id, 'up')}>
          <ArrowUp size={15} />
        </Button>
        <Button size="sm" aria-label={t('layers.moveDown')} title={t('layers.moveDown')} disabled={atBottom} onClick={() => engine.moveItem(active.id, 'down')}>
          <ArrowDown size={15} />
        </Button>
        <Button size="sm" title={t('layers.groupHint')} onClick={() => engine.groupLayer(active.id, t('layers.groupName', { n: snap.layers.filter((l) => l.group).length + 1 }))}>
          <FolderInput size={15} aria-hidden /> {t('layers.group')}
        </Button>
        {active.group && (
          <Button size="sm" onClick={() => refused(engine.ungroupLayer(active.id))}>
            <FolderOutput size={15} aria-hidden /> {t('layers.ungroup')}
          </Button>
        )}
        <Button size="sm" onClick={() => setRenaming(active.id)}>
          {t('layers.rename')}
        </Button>
        {/* Spec §4: deletion is offered only when more than one layer exists. */}
        {snap.layers.length > 1 && (
          <Button variant="danger" size="sm" onClick={() => refused(engine.deleteLayer(active.id))}>
            {t('layers.delete')}
          </Button>
        )}
      </div>
    </div>
  );
}
