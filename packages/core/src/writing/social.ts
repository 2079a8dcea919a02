/** Share targets of the social tool: each site's real share or compose URL, or the clipboard where none takes text. */
export const SOCIAL_PLATFORMS = ['microblog', 'photo', 'network', 'professional', 'blog', 'siteBuilder'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export interface SocialTarget {
  id: SocialPlatform;
  site: string;
  /** Post length limit in characters; null when the site sets no practical limit. */
  limit: number | null;
  /** True when the URL itself carries the text; otherwise the text goes to the clipboard first. */
  prefills: boolean;
  url(text: string): string;
}

const enc = encodeURIComponent;

export const SOCIAL_TARGETS: Record<SocialPlatform, SocialTarget> = {
  microblog: { id: 'microblog', site: 'X', limit: 280, prefills: true, url: (t) => `https://x.com/intent/post?text=${enc(t)}` },
  // Instagram has no web compose URL: the caption goes to the clipboard and the site opens.
  photo: { id: 'photo', site: 'Instagram', limit: 2200, prefills: false, url: () => 'https://www.instagram.com/' },
  // Facebook's sharer takes only a link; the text is copied so it can be pasted into the post.
  network: { id: 'network', site: 'Facebook', limit: 63206, prefills: false, url: () => 'https://www.facebook.com/' },
  professional: {
    id: 'professional',
    site: 'LinkedIn',
    limit: 3000,
    prefills: true,
    url: (t) => `https://www.linkedin.com/feed/?shareActive=true&text=${enc(t)}`,
  },
  blog: {
    id: 'blog',
    site: 'Tumblr',
    limit: null,
    prefills: true,
    url: (t) => `https://www.tumblr.com/widgets/share/tool?posttype=text&content=${enc(t)}`,
  },
  siteBuilder: { id: 'siteBuilder', site: 'Wix', limit: null, prefills: false, url: () => 'https://manage.wix.com/account/sites' },
};

/** Browsers and servers reject very long URLs; longer texts are copied instead of prefilled. */
export const MAX_SHARE_URL_LENGTH = 8000;

export function shareUrl(platform: SocialPlatform, text: string): { url: string; copy: boolean } {
  const target = SOCIAL_TARGETS[platform];
  const url = target.url(text);
  if (!target.prefills || url.length > MAX_SHARE_URL_LENGTH) return { url: target.url(''), copy: true };
  return { url, copy: false };
}

/** How a text fits a platform: characters used, the limit and whether it is over. */
export function fitForPlatform(platform: SocialPlatform, text: string): { used: number; limit: number | null; over: boolean } {
  const used = [...text].length;
  const limit = SOCIAL_TARGETS[platform].limit;
  return { used, limit, over: limit !== null && used > limit };
}
