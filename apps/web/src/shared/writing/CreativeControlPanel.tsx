import './writing-shared.css';
import {
  applyControlLevel,
  CONTROL_LEVELS,
  isSuggestionsLocked,
  YUMI_PERSONALITIES,
  type CreativeControlSettings,
  type YumiPersonality,
} from '@yumi/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../ui/icons';
import { RadioCards } from '../ui/RadioCards';

/** Collapsible panel for the control level, Yumi's personality and the three switches (§3, §4). */
export function CreativeControlPanel({
  value,
  onChange,
  onPersonalityChange,
  defaultOpen = false,
}: {
  value: CreativeControlSettings;
  onChange(next: CreativeControlSettings): void;
  /** Called when the personality changes, so it can be recorded as lastUsedPersonality. */
  onPersonalityChange?(p: YumiPersonality): void;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('writing');
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const locked = isSuggestionsLocked(value.level);
  return (
    <section className="control-panel card">
      <button type="button" className="control-panel-head" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
        <span>{t('control.title')}</span>
        <span className="badge">{t(`control.levels.${value.level}`)}</span>
        <span className="chev" style={{ transform: open ? 'rotate(180deg)' : undefined }}>
          <ChevronDownIcon />
        </span>
      </button>
      {open && (
        <div id={`${id}-body`} className="control-panel-body">
          <RadioCards
            className="level-cards"
            label={t('control.level')}
            value={value.level}
            onValueChange={(level) => onChange(applyControlLevel(value, level))}
            options={CONTROL_LEVELS.map((level) => ({ value: level, label: t(`control.levels.${level}`), description: t(`control.levelHints.${level}`) }))}
          />
          <div className="field">
            <label htmlFor={`${id}-persona`}>{t('control.personality')}</label>
            <select
              id={`${id}-persona`}
              className="select"
              value={value.yumiPersonality}
              onChange={(e) => {
                const p = e.target.value as YumiPersonality;
                onChange({ ...value, yumiPersonality: p });
                onPersonalityChange?.(p);
              }}
            >
              {YUMI_PERSONALITIES.map((p) => (
                <option key={p} value={p}>
                  {t(`personas.${p}`)}
                </option>
              ))}
            </select>
          </div>
          <label className="check">
            <input type="checkbox" checked={value.allowSuggestions} disabled={locked} onChange={(e) => onChange({ ...value, allowSuggestions: e.target.checked })} />
            {t('control.allowSuggestions')}
          </label>
          <label className="check">
            <input type="checkbox" checked={value.memoryNudges} onChange={(e) => onChange({ ...value, memoryNudges: e.target.checked })} />
            {t('control.memoryNudges')}
          </label>
          <label className="check">
            <input type="checkbox" checked={value.iterativeMode} onChange={(e) => onChange({ ...value, iterativeMode: e.target.checked })} />
            {t('control.iterativeMode')}
          </label>
        </div>
      )}
    </section>
  );
}
