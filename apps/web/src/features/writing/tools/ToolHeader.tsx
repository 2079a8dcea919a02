import { useTranslation } from 'react-i18next';

/** Title and one-line description of a tool panel. */
export function ToolHeader({ id }: { id: string }) {
  const { t } = useTranslation('writing');
  return (
    <header className="tool-header">
      <h3>{t(`tools.${id}.name`)}</h3>
      <p className="muted small">{t(`tools.${id}.description`)}</p>
    </header>
  );
}
