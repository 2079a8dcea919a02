import type { BaseCharacter, Theme } from '@yumi/core';
import { mulberry32, pick } from './random';

/** Everything the renderer draws, decided from the prompt's words, the theme's base character and the seed. */
export const POSES = [
  'confident_stand',
  'energetic_jump',
  'relaxed_sitting',
  'happy_smile',
  'surprised_gasp',
  'mischievous_smirk',
  'determined_fist',
  'peaceful_meditation',
] as const;
export type Pose = (typeof POSES)[number];
export const OUTFITS = ['swimsuit', 'maid', 'seifuku', 'hoodie', 'kimono', 'dress', 'armor', 'witch'] as const;
export type Outfit = (typeof OUTFITS)[number];
export const HAIR_STYLES = ['twintails', 'ponytail', 'long', 'bob', 'bun', 'braid'] as const;
export type HairStyle = (typeof HAIR_STYLES)[number];
export const EXPRESSIONS = ['smile', 'grin', 'surprised', 'smirk', 'determined', 'serene', 'sad', 'angry'] as const;
export type Expression = (typeof EXPRESSIONS)[number];
export const BACKGROUNDS = ['beach', 'cafe', 'classroom', 'night', 'forest', 'city', 'sakura', 'sky', 'studio'] as const;
export type Background = (typeof BACKGROUNDS)[number];
export const ACCESSORIES = ['ribbon', 'catEars', 'glasses', 'flower', 'hairpin'] as const;
export type Accessory = (typeof ACCESSORIES)[number];

export interface CharacterTraits {
  hairColor: string;
  eyeColor: string;
  skinColor: string;
  hairStyle: HairStyle;
  outfit: Outfit;
  outfitColor: string;
  pose: Pose;
  expression: Expression;
  background: Background;
  accessories: Accessory[];
  /** Free detail variation (sparkles, stars, petals), from the seed. */
  detailSeed: number;
}

const COLOR_WORDS: Array<[RegExp, string]> = [
  [/\b(pink|rose|sakura[- ]colou?red)\b/, '#f472b6'],
  [/\b(red|crimson|scarlet)\b/, '#dc2626'],
  [/\b(orange|ginger|copper)\b/, '#f97316'],
  [/\b(blonde?|golden|gold|yellow)\b/, '#facc15'],
  [/\b(green|emerald|mint)\b/, '#22c55e'],
  [/\b(aqua|cyan|teal|turquoise)\b/, '#06b6d4'],
  [/\b(blue|azure|sapphire|navy)\b/, '#3b82f6'],
  [/\b(purple|violet|lavender|lilac)\b/, '#8b5cf6'],
  [/\b(brown|chestnut|hazel)\b/, '#92400e'],
  [/\b(black|raven|dark)\b/, '#1f2937'],
  [/\b(white|silver|platinum|grey|gray)\b/, '#e5e7eb'],
];
const HAIR_PALETTE = ['#f472b6', '#3b82f6', '#facc15', '#1f2937', '#92400e', '#e5e7eb', '#8b5cf6', '#dc2626', '#06b6d4', '#f97316'];
const EYE_PALETTE = ['#8b5cf6', '#3b82f6', '#22c55e', '#dc2626', '#f59e0b', '#06b6d4', '#92400e', '#ec4899'];
const OUTFIT_PALETTE = ['#6366f1', '#ec4899', '#14b8a6', '#f59e0b', '#ef4444', '#0ea5e9', '#a855f7', '#84cc16'];
const SKIN_TONES = ['#fde7d9', '#f9d9c3', '#f3c9a8', '#e0ac86', '#c68863', '#9a6344'];

function colorNear(text: string, noun: RegExp): string | undefined {
  // "blue hair", "hair: blue", "blue-haired": a colour word right before or after the noun.
  const m = new RegExp(`([a-z]+)[ -]+(?:${noun.source})|(?:${noun.source})[ :,]+(?:is |are )?([a-z]+)`).exec(text);
  const word = m?.[1] ?? m?.[2];
  if (!word) return undefined;
  return COLOR_WORDS.find(([re]) => re.test(word))?.[1];
}

function firstMatch<T extends string>(text: string, table: Array<[RegExp, T]>): T | undefined {
  return table.find(([re]) => re.test(text))?.[1];
}

const OUTFIT_WORDS: Array<[RegExp, Outfit]> = [
  [/\b(swimsuit|swimwear|bikini|beachwear|one-piece)\b/, 'swimsuit'],
  [/\b(maid|apron)\b/, 'maid'],
  [/\b(seifuku|sailor|school ?uniform|schoolgirl|student)\b/, 'seifuku'],
  [/\b(kimono|yukata|shrine|miko)\b/, 'kimono'],
  [/\b(armou?r|knight|warrior|paladin)\b/, 'armor'],
  [/\b(witch|wizard|mage|sorceress|magical)\b/, 'witch'],
  [/\b(hoodie|casual|street ?wear|jacket|t-?shirt)\b/, 'hoodie'],
  [/\b(dress|gown|princess|lolita)\b/, 'dress'],
];
const POSE_WORDS: Array<[RegExp, Pose]> = [
  [/\b(jump|jumping|leap|energetic)\b/, 'energetic_jump'],
  [/\b(meditat\w*|peaceful|praying|zen|eyes closed)\b/, 'peaceful_meditation'],
  [/\b(sit|sitting|seated|relax\w*)\b/, 'relaxed_sitting'],
  [/\b(surprised?|gasp\w*|shocked|astonished)\b/, 'surprised_gasp'],
  [/\b(smirk\w*|mischievous|sly|wink\w*)\b/, 'mischievous_smirk'],
  [/\b(fist|determined|fighting|fierce|battle)\b/, 'determined_fist'],
  [/\b(wave|waving|happy|smil\w*|cheerful)\b/, 'happy_smile'],
  [/\b(stand\w*|confident|proud)\b/, 'confident_stand'],
];
const POSE_EXPRESSION: Record<Pose, Expression> = {
  confident_stand: 'smile',
  energetic_jump: 'grin',
  relaxed_sitting: 'smile',
  happy_smile: 'grin',
  surprised_gasp: 'surprised',
  mischievous_smirk: 'smirk',
  determined_fist: 'determined',
  peaceful_meditation: 'serene',
};
const EXPRESSION_WORDS: Array<[RegExp, Expression]> = [
  [/\b(sad|crying|tears|melanchol\w*)\b/, 'sad'],
  [/\b(angry|mad|furious|pout\w*)\b/, 'angry'],
  [/\b(grin\w*|laugh\w*|excited)\b/, 'grin'],
  [/\b(calm|serene|gentle)\b/, 'serene'],
];
const BACKGROUND_WORDS: Array<[RegExp, Background]> = [
  [/\b(beach|sea|ocean|summer|pool)\b/, 'beach'],
  [/\b(cafe|café|coffee|tea ?room)\b/, 'cafe'],
  [/\b(classroom|school|library)\b/, 'classroom'],
  [/\b(night|stars?|starry|moon\w*|galaxy)\b/, 'night'],
  [/\b(forest|woods|garden|nature|meadow)\b/, 'forest'],
  [/\b(city|street|urban|neon|cyberpunk|tokyo)\b/, 'city'],
  [/\b(sakura|cherry|blossoms?|spring)\b/, 'sakura'],
  [/\b(sky|clouds?|flying)\b/, 'sky'],
  [/\b(plain|simple|white background|studio)\b/, 'studio'],
];
const HAIR_WORDS: Array<[RegExp, HairStyle]> = [
  [/\b(twin ?tails?|pigtails?)\b/, 'twintails'],
  [/\b(pony ?tail)\b/, 'ponytail'],
  [/\b(bun|buns|odango)\b/, 'bun'],
  [/\b(braids?|braided)\b/, 'braid'],
  [/\b(bob|short hair|short-haired|pixie)\b/, 'bob'],
  [/\b(long hair|long-haired|flowing hair)\b/, 'long'],
];
const THEME_DEFAULTS: Record<Theme, { outfit: Outfit; background: Background; hairStyle: HairStyle }> = {
  swimsuit: { outfit: 'swimsuit', background: 'beach', hairStyle: 'twintails' },
  maid: { outfit: 'maid', background: 'cafe', hairStyle: 'twintails' },
  seifuku: { outfit: 'seifuku', background: 'classroom', hairStyle: 'twintails' },
};
const OUTFIT_BACKGROUND: Record<Outfit, Background> = {
  swimsuit: 'beach',
  maid: 'cafe',
  seifuku: 'classroom',
  hoodie: 'city',
  kimono: 'sakura',
  dress: 'sky',
  armor: 'forest',
  witch: 'night',
};

export interface TraitInput {
  prompt: string;
  seed: number;
  theme?: Theme;
  baseCharacter?: BaseCharacter;
  /** Colours taken from a reference image (dominant first), used where the prompt names none. */
  palette?: string[];
}

/** Reads the prompt's words; the theme's base character and then the seed fill in what the prompt leaves open. */
export function traitsFromPrompt(input: TraitInput): CharacterTraits {
  const text = input.prompt.toLowerCase();
  const rand = mulberry32(input.seed);
  const theme = input.theme ? THEME_DEFAULTS[input.theme] : undefined;
  const palette = input.palette ?? [];

  const hairColor =
    colorNear(text, /hair(?:ed)?/) ?? input.baseCharacter?.hairColor ?? palette[0] ?? pick(rand, HAIR_PALETTE);
  const eyeColor = colorNear(text, /eyes?|eyed/) ?? input.baseCharacter?.eyeColor ?? palette[1] ?? pick(rand, EYE_PALETTE);
  const skinColor = /\b(tan|tanned|dark skin|dark-skinned)\b/.test(text) ? pick(rand, SKIN_TONES.slice(3)) : pick(rand, SKIN_TONES.slice(0, 3));
  const outfit = firstMatch(text, OUTFIT_WORDS) ?? theme?.outfit ?? pick(rand, OUTFITS);
  const outfitColor = colorNear(text, /dress|outfit|uniform|hoodie|kimono|clothes|swimsuit|bikini/) ?? palette[2] ?? pick(rand, OUTFIT_PALETTE);
  const pose = firstMatch(text, POSE_WORDS) ?? pick(rand, POSES);
  const expression = firstMatch(text, EXPRESSION_WORDS) ?? POSE_EXPRESSION[pose];
  const background = firstMatch(text, BACKGROUND_WORDS) ?? theme?.background ?? OUTFIT_BACKGROUND[outfit];
  const hairStyle = firstMatch(text, HAIR_WORDS) ?? theme?.hairStyle ?? pick(rand, HAIR_STYLES);
  const accessories: Accessory[] = [];
  if (/\b(cat ?ears?|nekomimi|catgirl|neko)\b/.test(text)) accessories.push('catEars');
  if (/\b(glasses|spectacles|megane)\b/.test(text)) accessories.push('glasses');
  if (/\b(flower|hibiscus|blossom)\b/.test(text)) accessories.push('flower');
  if (/\b(ribbon|bow)\b/.test(text) || (accessories.length === 0 && rand() < 0.5)) accessories.push('ribbon');
  if (/\b(hairpin|clip)\b/.test(text)) accessories.push('hairpin');
  return {
    hairColor,
    eyeColor,
    skinColor,
    hairStyle,
    outfit,
    outfitColor,
    pose,
    expression,
    background,
    accessories,
    detailSeed: Math.floor(rand() * 2 ** 31),
  };
}
