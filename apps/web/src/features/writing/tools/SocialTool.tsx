import { fitForPlatform, shareUrl, SOCIAL_PLATFORMS, SOCIAL_TARGETS, type SocialPlatform } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../shared/hooks/useOnline';
import { NeedsServer } from '../../../shared/network/NeedsServer';
import { toast } from '../../../shared/ui/toast';
import { useWriting } from '../context';
import { ToolHeader } from './ToolHeader';
import { Button } from '../../../shared/ui/Button';

/** Share the selection (or the whole text) to six kinds of sites, with each one's length limit. */
export function SocialTool() {
  const { t } = useTranslation('writing');
  const { editor, text, selection } = useWriting();
  const selected = text.slice(selection.start, selection.end);
  const shareText = (selected.trim() ? selected : text).trim();
  const online = useOnline();

  const share = async (platform: SocialPlatform) => {
    const picked = editor.selectedText().trim();
    const toShare = picked || editor.getText().trim();
    if (!toShare) return toast('warning', t('social.empty'));
    const { url, copy } = shareUrl(platform, toShare);
    // Open first (synchronously, inside the click) so the pop-up is not blocked, then copy.
    // 'noopener' in the features string makes window.open return null, so the opener is cut by hand.
    const win = window.open(url, '_blank');
    if (win) win.opener = null;
    if (copy) {
      try {
        await navigator.clipboard.writeText(toShare);
        toast('success', t('social.copied', { site: SOCIAL_TARGETS[platform].site }));
      } catch {
        toast('error', t('social.copyFailed'));
      }
    }
    if (!win && !copy) toast('warning', t('social.popupBlocked'));
  };

  return (
    <div className="tool-body">
      <ToolHeader id="social" />
      <NeedsServer feature="sharing" />
      <p className="small muted">{selected.trim() ? t('social.usingSelection') : t('social.usingAll')}</p>
      <ul className="social-list">
        {SOCIAL_PLATFORMS.map((p) => {
          const fit = fitForPlatform(p, shareText);
          const target = SOCIAL_TARGETS[p];
          return (
            <li key={p} className="social-item" data-platform={p}>
              <div className="social-info">
                <strong>{t(`social.platforms.${p}`)}</strong>
                <span className="muted small">
                  {target.site} · {target.prefills ? t('social.prefills') : t('social.viaClipboard')}
                </span>
                <span className={`small ${fit.over ? 'over' : ''}`} data-testid={`limit-${p}`}>
                  {fit.limit === null ? t('social.noLimit', { used: fit.used.toLocaleString() }) : t('social.limit', { used: fit.used.toLocaleString(), limit: fit.limit.toLocaleString() })}
                </span>
                {fit.limit !== null && (
                  <span className="meter" aria-hidden="true">
                    <span style={{ width: `${Math.min(100, (fit.used / fit.limit) * 100)}%` }} className={fit.over ? 'over' : ''} />
                  </span>
                )}
              </div>
              <Button size="sm" disabled={!shareText || !online} onClick={() => void share(p)}>
                {t('social.share')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
