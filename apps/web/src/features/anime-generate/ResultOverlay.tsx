import type { GeneratedImage } from '@yumi/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../shared/ui/Dialog';
import { Button } from '../../shared/ui/Button';
import { DownloadIcon, BrushIcon } from '../../shared/ui/icons';
import { downloadImage } from '../../shared/image-generation/hooks';

/** The generated-image overlay: the first image is the result; Export and Edit in Creation Mode. */
export function ResultOverlay({ images, open, onClose, onEdit }: { images: GeneratedImage[]; open: boolean; onClose(): void; onEdit(url: string): void }) {
  const { t } = useTranslation('image');
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  if (!current) return null;
  return (
    <Dialog open={open} onOpenChange={(v) => !v && onClose()} title={t('result.title')} description={t('result.meta', { provider: current.provider, seed: current.seed, width: current.width, height: current.height })} wide>
      <div className="ag-result">
        <img className="ag-result-main" src={current.url} alt={current.prompt} />
        {images.length > 1 && (
          <div className="ag-result-thumbs" role="listbox" aria-label={t('result.variations')}>
            {images.map((img, i) => (
              <button key={img.id} type="button" role="option" aria-selected={i === index} className={`ag-thumb ${i === index ? 'active' : ''}`} onClick={() => setIndex(i)}>
                <img src={img.url} alt={t('result.variation', { n: i + 1 })} />
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="dialog-actions">
        <Button onClick={() => downloadImage(current.url, `yumi-character-${current.seed}.png`)}>
          <DownloadIcon /> {t('result.export')}
        </Button>
        <Button variant="primary" onClick={() => onEdit(current.url)}>
          <BrushIcon /> {t('result.editInCreation')}
        </Button>
      </div>
    </Dialog>
  );
}
