import DownloadSection from './DownloadSection';

/** /installers: the download section as a page of its own (installer files themselves are /installers/<file>). */
export default function InstallersPage() {
  return (
    <div className="installers-page">
      <DownloadSection headingId="installers-title" />
    </div>
  );
}
