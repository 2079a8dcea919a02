import { MASCOT_IMAGE_URL } from '@yumi/core';
import { useTranslation } from 'react-i18next';

/**
 * Yumi, the mascot: an original SVG illustration (public/yumi-mascot.svg), served as a file so it costs
 * no JavaScript and is cached like any image. `decorative` hides it from screen readers.
 */
export function Mascot({ size = 160, className = '', decorative = true }: { size?: number; className?: string; decorative?: boolean }) {
  const { t } = useTranslation('main');
  return (
    <img
      src={MASCOT_IMAGE_URL}
      width={size}
      height={Math.round(size * 1.3)}
      className={`mascot ${className}`}
      alt={decorative ? '' : t('mascot.alt')}
      draggable={false}
    />
  );
}
