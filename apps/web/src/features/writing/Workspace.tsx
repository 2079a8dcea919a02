import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../shared/ui/Dialog';
import { BackButton } from '../../shared/ui/BackButton';
import { PenIcon, ReportIcon, SettingsIcon } from '../../shared/ui/icons';
import { BackgroundSettingsPanel, backgroundLayerStyle } from '../../shared/writing';
import { DraggableIcon } from './DraggableIcon';
import { clampIconPosition, useWritingStore, type IconId, type Point } from './store';
import { Button } from '../../shared/ui/Button';

/** The writing workspace main screen: a customisable background and the two draggable helper icons. */
export function Workspace({ onOpen }: { onOpen(view: IconId): void }) {
  const { t } = useTranslation('writing');
  const navigate = useNavigate();
  const area = useRef<HTMLDivElement>(null);
  const { iconPositions, setIconPosition, background, setBackground } = useWritingStore();
  const [size, setSize] = useState({ width: 1200, height: 700 });
  const [customise, setCustomise] = useState(false);

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const bounds = () => ({ width: area.current?.clientWidth ?? size.width, height: area.current?.clientHeight ?? size.height });
  // Side by side on wide screens, one above the other on a phone.
  const narrow = size.width < 520;
  const defaults: Record<IconId, Point> = narrow
    ? { writing: { x: size.width / 2 - 90, y: size.height * 0.2 }, report: { x: size.width / 2 - 90, y: size.height * 0.2 + 160 } }
    : { writing: { x: size.width * 0.3 - 90, y: size.height * 0.42 - 60 }, report: { x: size.width * 0.7 - 90, y: size.height * 0.42 - 60 } };
  // Stored positions are re-clamped, so a smaller window never hides an icon.
  const pos = (id: IconId) => clampIconPosition(iconPositions[id] ?? defaults[id], size.width, size.height);

  return (
    <div className="workspace" data-testid="writing-workspace">
      <div style={backgroundLayerStyle(background)} aria-hidden="true" />
      <div className="workspace-bar">
        <BackButton label={t('workspace.back')} onClick={() => navigate('/')} />
        <div className="workspace-title">
          <h1 className="gradient-text">{t('workspace.title')}</h1>
          <p className="muted">{t('workspace.subtitle')}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={() => setCustomise(true)} aria-label={t('workspace.customise')}>
          <SettingsIcon /> <span className="label-text">{t('workspace.customise')}</span>
        </Button>
      </div>
      <div className="workspace-area" ref={area}>
        <DraggableIcon
          id="writing"
          position={pos('writing')}
          bounds={bounds}
          onMove={(p) => setIconPosition('writing', p)}
          onOpen={() => onOpen('writing')}
          hint={t('workspace.iconHint')}
        >
          <span className="ws-glyph" aria-hidden="true">
            <PenIcon />
          </span>
          <strong>{t('workspace.writingHelper')}</strong>
          <small>{t('workspace.writingHelperHint')}</small>
        </DraggableIcon>
        <DraggableIcon
          id="report"
          position={pos('report')}
          bounds={bounds}
          onMove={(p) => setIconPosition('report', p)}
          onOpen={() => onOpen('report')}
          hint={t('workspace.iconHint')}
        >
          <span className="ws-glyph report" aria-hidden="true">
            <ReportIcon />
          </span>
          <strong>{t('workspace.reportHelper')}</strong>
          <small>{t('workspace.reportHelperHint')}</small>
        </DraggableIcon>
        <p className="workspace-tip muted">{t('workspace.tip')}</p>
      </div>
      <Dialog open={customise} onOpenChange={setCustomise} title={t('background.title')}>
        <BackgroundSettingsPanel value={background} onChange={setBackground} />
      </Dialog>
    </div>
  );
}
