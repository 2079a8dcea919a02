import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../shared/ui/Dialog';
import ModeManagerPanel from '../features/modes/ModeManagerPanel';
import CustomizerPanel from '../features/customizer/CustomizerPanel';

/** The settings icon's dialog: the Layout and Theme Customizer and the offline modes. */
export default function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('main');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('settings.title')} wide>
      <Tabs.Root defaultValue="layout">
        <Tabs.List className="tabs-list settings-tabs" aria-label={t('settings.title')}>
          <Tabs.Trigger className="tab" value="layout">
            {t('settings.layoutTab')}
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="modes">
            {t('settings.modesTab')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="layout">
          <CustomizerPanel />
        </Tabs.Content>
        <Tabs.Content value="modes">
          <ModeManagerPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}
