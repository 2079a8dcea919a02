import { useTranslation } from 'react-i18next';
import { Dialog } from '../shared/ui/Dialog';
import { Tabs } from '../shared/ui/Tabs';
import ModeManagerPanel from '../features/modes/ModeManagerPanel';
import CustomizerPanel from '../features/customizer/CustomizerPanel';

/** The settings icon's dialog: the Layout and Theme Customizer and the offline modes. */
export default function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('main');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('settings.title')} wide>
      <Tabs
        label={t('settings.title')}
        items={[
          { id: 'layout', label: t('settings.layoutTab'), content: <CustomizerPanel /> },
          { id: 'modes', label: t('settings.modesTab'), content: <ModeManagerPanel /> },
        ]}
      />
    </Dialog>
  );
}
