/** Spec §9 style templates: 20 in five categories, with the proportions the guide layer is drawn from. */
export const TEMPLATE_CATEGORIES = ['popular', 'classic', 'modern', 'atmospheric', 'lifestyle'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export interface StyleTemplate {
  id: string;
  name: string;
  style: string;
  category: TemplateCategory;
  description: string;
  characteristics: string[];
  /** headRatio: body height in heads (a chibi is about 2, a fashion figure 8); bodyRatio: shoulder width in heads. */
  proportions: { headRatio: number; bodyRatio: number };
}

const t = (
  id: string,
  name: string,
  category: TemplateCategory,
  style: string,
  description: string,
  characteristics: string[],
  headRatio: number,
  bodyRatio: number,
): StyleTemplate => ({ id, name, category, style, description, characteristics, proportions: { headRatio, bodyRatio } });

export const STYLE_TEMPLATES: readonly StyleTemplate[] = [
  t('gorgeous-anime', 'Gorgeous Anime', 'popular', 'modern anime', 'Polished modern TV-anime look with glossy eyes and clean cel shading.', ['Large detailed eyes', 'Cel shading with soft highlights', 'Clean confident line art'], 6.5, 1.6),
  t('manga-sketch', 'Manga Sketch', 'popular', 'manga', 'Black-and-white manga page style with expressive hatching.', ['Ink lines with varied weight', 'Screentone and hatching', 'High contrast'], 6.5, 1.6),
  t('semi-realistic', 'Semi-Realistic', 'popular', 'semi-realistic', 'Anime features on realistic anatomy and painterly light.', ['Realistic anatomy', 'Painterly rendering', 'Subtle anime eyes'], 7.5, 1.9),
  t('kawaii-moe', 'Kawaii Moe', 'popular', 'moe', 'Soft, cute and round with pastel colours and blushing cheeks.', ['Round face and big eyes', 'Pastel palette', 'Blush and sparkles'], 5, 1.4),
  t('chibi', 'Chibi', 'classic', 'chibi', 'Super-deformed figures with a huge head on a tiny body.', ['Head as big as the body', 'Simplified hands and feet', 'Exaggerated expressions'], 2.5, 1.1),
  t('bishojo', 'Bishōjo', 'classic', 'bishojo', 'Classic beautiful-girl style with slender limbs and long hair.', ['Slender proportions', 'Long flowing hair', 'Gentle expression'], 7, 1.5),
  t('shonen', 'Shōnen', 'classic', 'shonen', 'Energetic action-series heroes with spiky hair and dynamic poses.', ['Spiky hair', 'Bold angular lines', 'Dynamic action poses'], 7, 2.1),
  t('magical-girl', 'Magical Girl', 'classic', 'mahou shoujo', 'Transforming heroines in frilly costumes with ribbons and wands.', ['Frills and ribbons', 'Bright gem colours', 'Sparkle effects'], 6, 1.5),
  t('shoujo-sparkle', 'Shōjo Sparkle', 'classic', 'shoujo', 'Romantic shōjo manga with tall figures, flowers and sparkling eyes.', ['Sparkling eyes', 'Flower backgrounds', 'Elegant tall figures'], 7.5, 1.5),
  t('cyberpunk-neon', 'Cyberpunk Neon', 'modern', 'cyberpunk', 'Neon-lit future streets, tech wear and glowing accents.', ['Neon rim light', 'Tech wear and implants', 'Dark city palette'], 7, 1.8),
  t('minimalist-clean', 'Minimalist Clean', 'modern', 'minimalist', 'Few lines, flat colours and lots of negative space.', ['Flat colours', 'Minimal line work', 'Limited palette'], 6.5, 1.6),
  t('pixel-art', 'Pixel Art', 'modern', 'pixel art', 'Retro game sprite style on a visible pixel grid.', ['Hard pixel edges', 'Limited palette', 'Readable silhouette'], 4, 1.5),
  t('watercolor-soft', 'Watercolor Soft', 'modern', 'watercolor', 'Soft washes, bleeding edges and paper texture.', ['Transparent washes', 'Soft edges', 'Paper grain'], 6.5, 1.6),
  t('gothic-lolita', 'Gothic Lolita', 'atmospheric', 'gothic', 'Victorian-inspired dresses in black, lace and deep reds.', ['Lace and ruffles', 'Black and crimson palette', 'Porcelain skin'], 6, 1.5),
  t('dark-fantasy', 'Dark Fantasy', 'atmospheric', 'dark fantasy', 'Brooding heroes, armour and dramatic chiaroscuro.', ['Dramatic lighting', 'Armour and cloaks', 'Muted dark palette'], 7.5, 2),
  t('horror-creepy', 'Horror Creepy', 'atmospheric', 'horror', 'Unsettling characters with hollow eyes and eerie colours.', ['Hollow or glowing eyes', 'Desaturated palette', 'Distorted details'], 6.5, 1.6),
  t('vintage-retro', 'Vintage Retro', 'atmospheric', 'retro anime', 'Late-80s and 90s cel anime with film grain and big hair.', ['90s cel colours', 'Film grain', 'Sharp shoulder pads and big hair'], 7, 1.8),
  t('sports-dynamic', 'Sports Dynamic', 'lifestyle', 'sports', 'Athletes in motion with speed lines and team uniforms.', ['Athletic build', 'Speed lines', 'Team uniforms'], 7.5, 2),
  t('slice-of-life', 'Slice of Life', 'lifestyle', 'slice of life', 'Everyday school and town life with warm, relaxed colours.', ['Casual clothes', 'Warm palette', 'Natural expressions'], 6.5, 1.6),
  t('mecha-girl', 'Mecha Girl', 'lifestyle', 'mecha', 'Girls with mechanical armour, thrusters and hard-surface detail.', ['Mechanical armour', 'Hard-surface panels', 'Metallic highlights'], 7, 1.9),
];

export function getStyleTemplate(id: string): StyleTemplate | undefined {
  return STYLE_TEMPLATES.find((x) => x.id === id);
}
