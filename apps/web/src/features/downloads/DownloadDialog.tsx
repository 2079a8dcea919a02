import { useTranslation } from 'react-i18next';
import { Dialog } from '../../shared/ui/Dialog';
import DownloadSection from './DownloadSection';

/** The download-app icon of the top bar opens the download section from any screen. */
export default function DownloadDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('download');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('dialogTitle')} wide>
      <DownloadSection inDialog />
    </Dialog>
  );
}
