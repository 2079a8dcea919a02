import { useTranslation } from 'react-i18next';
import { useEngine, useEngineSnapshot } from '../engine';
import { Button } from '../../../shared/ui/Button';

export const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.round(n / 1024)} KB`);

/** Undo/redo with the steps listed and the memory the history uses against its budget. */
export function HistoryPanel() {
  const { t } = useTranslation('anime');
  const engine = useEngine();
  const snap = useEngineSnapshot();
  const { undo, redo } = engine.history.labels();
  const mem = engine.memoryUsage();
  return (
    <div className="an-history-panel">
      <div className="an-row-buttons">
        <Button size="sm" disabled={!snap.canUndo} onClick={() => engine.undo()}>
          ↶ {t('history.undo')}
        </Button>
        <Button size="sm" disabled={!snap.canRedo} onClick={() => engine.redo()}>
          ↷ {t('history.redo')}
        </Button>
      </div>
      <ol className="an-history-list">
        <li className="muted">{t('history.start')}</li>
        {undo.map((label, i) => (
          <li key={`u${i}`} className={i === undo.length - 1 ? 'is-current' : ''}>
            {t(`history.labels.${label}`, { defaultValue: label })}
          </li>
        ))}
        {redo.map((label, i) => (
          <li key={`r${i}`} className="is-redo">
            {t(`history.labels.${label}`, { defaultValue: label })}
          </li>
        ))}
      </ol>
      <p className="muted an-small">{t('history.memory', { used: formatBytes(mem.bytes), budget: formatBytes(mem.budgetBytes), steps: mem.undoEntries })}</p>
      <p className="muted an-small">{t('history.shortcuts')}</p>
    </div>
  );
}
