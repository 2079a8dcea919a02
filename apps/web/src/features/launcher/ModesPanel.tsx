import { MODE_IDS, MODE_LOADING_MS, MODE_ROUTES, MODE_SELECTION_MS, type ModeId } from '@yumi/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadMode } from '../../shared/modes/manager';
import { useModes } from '../../shared/modes/store';
import { toast } from '../../shared/ui/toast';
import { useOnline } from '../../shared/hooks/useOnline';
import { BrushIcon, ImageIcon, PenIcon, ReportIcon } from '../../shared/ui/icons';

const ICONS: Record<ModeId, () => ReactNode> = { writing: PenIcon, report: ReportIcon, anime: BrushIcon, image: ImageIcon };

type Phase = { id: ModeId; stage: 'selected' | 'loading' } | null;

/** The mode selector: a click selects (shown 2 s), then a 1 s loading state, then the mode opens (§2, §9). */
export function ModesPanel() {
  const { t } = useTranslation('main');
  const navigate = useNavigate();
  const installed = useModes((s) => s.installed);
  const online = useOnline();
  const [phase, setPhase] = useState<Phase>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const choose = (id: ModeId) => {
    timers.current.forEach(clearTimeout);
    // Offline, only installed modes can load (§4: loading a mode that is not installed warns, returns nothing).
    if (!online && !loadMode(installed, id)) {
      setPhase(null);
      toast('warning', t('modes.offlineNotInstalled', { mode: t(`modes.${id}.name`) }));
      return;
    }
    setPhase({ id, stage: 'selected' });
    timers.current = [
      setTimeout(() => setPhase({ id, stage: 'loading' }), MODE_SELECTION_MS),
      setTimeout(() => navigate(MODE_ROUTES[id]), MODE_SELECTION_MS + MODE_LOADING_MS),
    ];
  };

  return (
    <section className="panel-card modes-panel" aria-labelledby="modes-title">
      <div className="panel-head">
        <h2 id="modes-title">{t('modes.title')}</h2>
        <p className="muted">{t('modes.hint')}</p>
      </div>
      <div className="mode-grid">
        {MODE_IDS.map((id) => {
          const Icon = ICONS[id];
          const selected = phase?.id === id;
          const loading = selected && phase.stage === 'loading';
          return (
            <button
              key={id}
              type="button"
              className={`mode-card mode-${id}${selected ? ' is-selected' : ''}`}
              aria-pressed={selected}
              aria-busy={loading}
              data-testid={`mode-${id}`}
              onClick={() => choose(id)}
            >
              <span className="mode-top">
                <span className="mode-icon">
                  <Icon />
                </span>
                {installed.includes(id) && <span className="badge badge-installed">{t('modes.installed')}</span>}
              </span>
              <span className="mode-name">{t(`modes.${id}.name`)}</span>
              <span className="mode-desc">{t(`modes.${id}.description`)}</span>
              {selected && (
                <span className="mode-state" role="status">
                  {loading ? (
                    <>
                      <span className="spinner spinner-sm" aria-hidden="true" /> {t('modes.loading')}
                    </>
                  ) : (
                    t('modes.selected')
                  )}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </section>
  );
}
