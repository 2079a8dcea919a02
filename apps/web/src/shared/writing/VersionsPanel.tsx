import './writing-shared.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { SegmentedControl } from '../ui/SegmentedControl';
import { diffWords } from './diff';
import type { Version } from './versions';

/**
 * The versions panel: the first version preselected, a word-level comparison with the current text,
 * an editable copy (becomes a user_edited version) and "use this version" to replace the editor text.
 */
export function VersionsPanel({
  versions,
  currentText,
  onUse,
  onClose,
}: {
  versions: Version[];
  currentText: string;
  onUse(content: string, version: Version): void;
  onClose(): void;
}) {
  const { t } = useTranslation('writing');
  const [selectedId, setSelectedId] = useState(versions[0]?.id);
  const [mode, setMode] = useState<'read' | 'compare' | 'edit'>('read');
  const [draft, setDraft] = useState('');
  useEffect(() => setSelectedId(versions[0]?.id), [versions]);
  const selected = versions.find((v) => v.id === selectedId) ?? versions[0];
  // The comparison is computed once per version, not on every render.
  const parts = useMemo(() => (mode === 'compare' && selected ? diffWords(currentText, selected.content) : []), [mode, selected, currentText]);
  if (!selected) return null;
  return (
    <section className="versions-panel card" aria-label={t('versions.title')}>
      <header className="versions-head">
        <h3>{t('versions.title')}</h3>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('versions.close')}
        </button>
      </header>
      <SegmentedControl
        className="versions-choice"
        label={t('versions.title')}
        value={selected.id}
        onValueChange={(id) => {
          setSelectedId(id);
          setMode('read');
        }}
        options={versions.map((v, i) => ({
          value: v.id,
          label: (
            <>
              {t(`versions.types.${v.type}`)} {versions.filter((x) => x.type === v.type).length > 1 ? i + 1 : ''}
              <span className="badge conf">{Math.round(v.metadata.aiConfidence * 100)}%</span>
            </>
          ),
        }))}
      />
      <div className="versions-mode">
        <SegmentedControl
          label={t('versions.modeLabel')}
          value={mode}
          onValueChange={(m) => {
            setMode(m);
            if (m === 'edit') setDraft(selected.content);
          }}
          options={(['read', 'compare', 'edit'] as const).map((m) => ({ value: m, label: t(`versions.modes.${m}`) }))}
        />
        <span className="muted small">{t('versions.personality', { name: t(`personas.${selected.metadata.personalityInfluence}`, { defaultValue: selected.metadata.personalityInfluence }) })}</span>
      </div>
      {mode === 'read' && <div className="version-text">{selected.content}</div>}
      {mode === 'compare' && (
        <div className="version-text diff" aria-label={t('versions.modes.compare')}>
          {parts.map((part, i) =>
            part.kind === 'same' ? (
              <span key={i}>{part.text}</span>
            ) : part.kind === 'added' ? (
              <ins key={i}>{part.text}</ins>
            ) : (
              <del key={i}>{part.text}</del>
            ),
          )}
        </div>
      )}
      {mode === 'edit' && <textarea className="textarea version-edit" aria-label={t('versions.modes.edit')} value={draft} onChange={(e) => setDraft(e.target.value)} />}
      <div className="row">
        <Button
          variant="primary"
          size="sm"
          onClick={() =>
            mode === 'edit'
              ? onUse(draft, { ...selected, id: `${selected.id}-edited`, type: 'user_edited', content: draft })
              : onUse(selected.content, selected)
          }
        >
          {t('versions.use')}
        </Button>
      </div>
    </section>
  );
}
