import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/hooks/useCurrentUser';
import { useOnline } from '../../shared/hooks/useOnline';
import { GALLERY_KEY, useGallery } from '../../shared/image-generation/hooks';
import { useModes } from '../../shared/modes/store';
import { Button } from '../../shared/ui/Button';
import { keepServerCopies, PICTURES_SENT, picturesOnDevice, type DevicePicture } from '../../shared/image-generation/offline/devicePictures';

/** Under the gallery's key, so whatever refreshes the gallery (a generation, a delete) refreshes this too. */
const deviceKey = (userId: string | undefined) => [...GALLERY_KEY, 'device', userId ?? ''] as const;

/**
 * The user's pictures, newest first: those drawn on this device (only here) first, then the server's gallery,
 * paged. Offline, the copies of the server's newest pictures kept on this device stand in for it.
 */
export function Gallery({ onOpen }: { onOpen(image: DevicePicture): void }) {
  const { t } = useTranslation('image');
  const client = useQueryClient();
  const online = useOnline();
  const { user } = useCurrentUser();
  const gallery = useGallery();
  // Read from this device, so also offline (the query never waits for the network).
  const device = useQuery({ queryKey: deviceKey(user?.id), queryFn: () => picturesOnDevice(user!.id), enabled: !!user, networkMode: 'always' });
  const installed = useModes((s) => s.installed.includes('image'));
  const newest = gallery.data?.pages[0]?.items;

  useEffect(() => {
    // Installed for offline use: keep the newest pictures on this device as the server lists them.
    if (!online || !installed || !user || !newest) return;
    void keepServerCopies(user.id, newest)
      .then(async (changed) => {
        if (changed) await client.invalidateQueries({ queryKey: deviceKey(user.id) });
      })
      .catch(() => undefined);
  }, [online, installed, user, newest, client]);

  useEffect(() => {
    // Pictures drawn here reached the server (the app shell sends them when the network returns).
    const refresh = () => void client.invalidateQueries({ queryKey: GALLERY_KEY });
    window.addEventListener(PICTURES_SENT, refresh);
    return () => window.removeEventListener(PICTURES_SENT, refresh);
  }, [client]);

  const onDevice = device.data ?? [];
  const fromServer = online ? (gallery.data?.pages.flatMap((p) => p.items) ?? []) : onDevice.filter((p) => !p.madeHere);
  const items: DevicePicture[] = [...onDevice.filter((p) => p.madeHere), ...fromServer];
  const loading = online ? gallery.isLoading : device.isLoading;
  const failed = online && gallery.error;
  if (loading && items.length === 0) return <div className="gallery-empty" aria-busy="true"><div className="spinner" /></div>;
  if (items.length === 0) return failed ? <div className="alert alert-error">{t('gallery.loadFailed')}</div> : <div className="gallery-empty muted">{t('gallery.empty')}</div>;
  return (
    <>
      {failed && <div className="alert alert-error">{t('gallery.loadFailed')}</div>}
      <ul className="gallery-grid" aria-label={t('gallery.title')}>
        {items.map((img) => (
          <li key={img.id}>
            <button type="button" className="gallery-item" onClick={() => onOpen(img)} aria-label={t('gallery.open', { prompt: img.prompt || t('viewer.untitled') })}>
              <img src={img.url} alt="" loading="lazy" />
              {img.madeHere && <span className="badge gallery-device">{t(img.refused ? 'gallery.refused' : 'gallery.onDevice')}</span>}
              <span className="gallery-caption">{img.prompt || t('viewer.untitled')}</span>
            </button>
          </li>
        ))}
      </ul>
      {online && gallery.hasNextPage && (
        <Button className="gallery-more" onClick={() => void gallery.fetchNextPage()} disabled={gallery.isFetchingNextPage}>
          {t('gallery.more')}
        </Button>
      )}
    </>
  );
}
