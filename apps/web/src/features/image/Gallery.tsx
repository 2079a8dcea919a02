import type { GeneratedImage } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button';
import { useGallery } from '../../shared/image-generation/hooks';

/** The user's generations, newest first, paged. */
export function Gallery({ onOpen }: { onOpen(image: GeneratedImage): void }) {
  const { t } = useTranslation('image');
  const gallery = useGallery();
  const items = gallery.data?.pages.flatMap((p) => p.items) ?? [];
  if (gallery.isLoading) return <div className="gallery-empty" aria-busy="true"><div className="spinner" /></div>;
  if (gallery.error) return <div className="alert alert-error">{t('gallery.loadFailed')}</div>;
  if (items.length === 0) return <div className="gallery-empty muted">{t('gallery.empty')}</div>;
  return (
    <>
      <ul className="gallery-grid" aria-label={t('gallery.title')}>
        {items.map((img) => (
          <li key={img.id}>
            <button type="button" className="gallery-item" onClick={() => onOpen(img)} aria-label={t('gallery.open', { prompt: img.prompt || t('viewer.untitled') })}>
              <img src={img.url} alt="" loading="lazy" />
              <span className="gallery-caption">{img.prompt || t('viewer.untitled')}</span>
            </button>
          </li>
        ))}
      </ul>
      {gallery.hasNextPage && (
        <Button className="gallery-more" onClick={() => void gallery.fetchNextPage()} disabled={gallery.isFetchingNextPage}>
          {t('gallery.more')}
        </Button>
      )}
    </>
  );
}
