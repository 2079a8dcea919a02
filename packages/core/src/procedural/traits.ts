import type { BaseCharacter, Theme } from '../images';
import { createRandom } from '../random';
import { pick } from './random';

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
const OUTFITS = ['swimsuit', 'maid', 'seifuku', 'hoodie', 'kimono', 'dress', 'armor', 'witch'] as const;
export type Outfit = (typeof OUTFITS)[number];
const HAIR_STYLES = ['twintails', 'ponytail', 'long', 'bob', 'bun', 'braid'] as const;
type HairStyle = (typeof HAIR_STYLES)[number];
export type Expression = 'smile' | 'grin' | 'surprised' | 'smirk' | 'determined' | 'serene' | 'sad' | 'angry';
export type Background = 'beach' | 'cafe' | 'classroom' | 'night' | 'forest' | 'city' | 'sakura' | 'sky' | 'studio';
type Accessory = 'ribbon' | 'catEars' | 'glasses' | 'flower' | 'hairpin';
type Gender = 'girl' | 'boy';
export type Age = 'child' | 'teen' | 'adult' | 'elder';
type Prop = 'sword' | 'book' | 'umbrella' | 'staff' | 'cup';

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
  gender: Gender;
  age: Age;
  /** What the character holds in the right hand. */
  prop: Prop | null;
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

/**
 * Japanese, Chinese and Korean words the renderer understands, as the English words the tables read
 * (longest first, so 金髪 wins over 金). Whatever else is not Latin becomes a space, so
 * 「オレンジ色のポニーテール」 reads as "orange ponytail".
 */
const CJK_WORDS: Array<[string, string]> = (
  [
    ['金髪', 'blonde hair'], ['銀髪', 'silver hair'], ['黒髪', 'black hair'], ['茶髪', 'brown hair'], ['赤髪', 'red hair'], ['白髪', 'white hair'],
    ['ポニーテール', 'ponytail'], ['ツインテール', 'twintails'], ['三つ編み', 'braid'], ['お団子', 'bun'], ['ロングヘア', 'long hair'], ['ショートヘア', 'short hair'], ['ボブ', 'bob'],
    ['马尾', 'ponytail'], ['双马尾', 'twintails'], ['辫子', 'braid'], ['长发', 'long hair'], ['短发', 'short hair'], ['포니테일', 'ponytail'], ['트윈테일', 'twintails'], ['땋은', 'braid'], ['긴 머리', 'long hair'], ['단발', 'bob'],
    ['オレンジ', 'orange'], ['橙', 'orange'], ['주황', 'orange'], ['ピンク', 'pink'], ['桃色', 'pink'], ['粉', 'pink'], ['분홍', 'pink'], ['핑크', 'pink'],
    ['水色', 'cyan'], ['青', 'blue'], ['蓝', 'blue'], ['파란', 'blue'], ['파랑', 'blue'], ['赤', 'red'], ['红', 'red'], ['빨간', 'red'], ['빨강', 'red'],
    ['緑', 'green'], ['绿', 'green'], ['초록', 'green'], ['黄色', 'yellow'], ['黄', 'yellow'], ['노란', 'yellow'], ['金', 'gold'], ['금발', 'blonde hair'],
    ['紫', 'purple'], ['보라', 'purple'], ['茶色', 'brown'], ['棕', 'brown'], ['갈색', 'brown'], ['黒', 'black'], ['黑', 'black'], ['검은', 'black'], ['까만', 'black'],
    ['白', 'white'], ['하얀', 'white'], ['흰', 'white'], ['銀', 'silver'], ['银', 'silver'], ['은색', 'silver'],
    ['髪', 'hair'], ['头发', 'hair'], ['发', 'hair'], ['머리', 'hair'], ['瞳', 'eyes'], ['目', 'eyes'], ['眼睛', 'eyes'], ['눈', 'eyes'],
    ['ドレス', 'dress'], ['连衣裙', 'dress'], ['裙', 'dress'], ['드레스', 'dress'], ['メイド', 'maid'], ['女仆', 'maid'], ['메이드', 'maid'],
    ['セーラー服', 'sailor uniform'], ['制服', 'uniform'], ['교복', 'uniform'], ['着物', 'kimono'], ['浴衣', 'kimono'], ['和服', 'kimono'], ['기모노', 'kimono'],
    ['鎧', 'armor'], ['盔甲', 'armor'], ['갑옷', 'armor'], ['騎士', 'knight'], ['骑士', 'knight'], ['기사', 'knight'], ['魔女', 'witch'], ['마녀', 'witch'],
    ['パーカー', 'hoodie'], ['卫衣', 'hoodie'], ['후드', 'hoodie'], ['水着', 'swimsuit'], ['泳衣', 'swimsuit'], ['수영복', 'swimsuit'],
    ['男の子', 'boy'], ['少年', 'boy'], ['男孩', 'boy'], ['男性', 'man'], ['男', 'boy'], ['소년', 'boy'], ['남자', 'boy'],
    ['女の子', 'girl'], ['少女', 'girl'], ['女孩', 'girl'], ['女性', 'woman'], ['소녀', 'girl'], ['여자', 'girl'],
    ['子供', 'child'], ['子ども', 'child'], ['孩子', 'child'], ['아이', 'child'], ['おばあさん', 'old woman'], ['おじいさん', 'old man'], ['老人', 'old'], ['奶奶', 'old woman'], ['爷爷', 'old man'], ['할머니', 'old woman'], ['할아버지', 'old man'],
    ['剣', 'sword'], ['剑', 'sword'], ['검', 'sword'], ['本', 'book'], ['书', 'book'], ['책', 'book'], ['傘', 'umbrella'], ['伞', 'umbrella'], ['우산', 'umbrella'],
    ['杖', 'staff'], ['法杖', 'staff'], ['지팡이', 'staff'], ['カップ', 'cup'], ['コーヒー', 'coffee cup'], ['杯', 'cup'], ['컵', 'cup'],
    ['猫耳', 'cat ears'], ['猫耳朵', 'cat ears'], ['고양이 귀', 'cat ears'], ['眼鏡', 'glasses'], ['メガネ', 'glasses'], ['眼镜', 'glasses'], ['안경', 'glasses'],
    ['花', 'flower'], ['꽃', 'flower'], ['リボン', 'ribbon'], ['蝴蝶结', 'ribbon'], ['리본', 'ribbon'],
    ['夜', 'night'], ['밤', 'night'], ['海', 'beach'], ['ビーチ', 'beach'], ['바다', 'beach'], ['桜', 'sakura'], ['樱花', 'sakura'], ['벚꽃', 'sakura'], ['森', 'forest'], ['森林', 'forest'], ['숲', 'forest'],
    ['街', 'city'], ['城市', 'city'], ['도시', 'city'], ['教室', 'classroom'], ['교실', 'classroom'], ['カフェ', 'cafe'], ['咖啡', 'cafe'], ['카페', 'cafe'],
    ['笑顔', 'smiling'], ['微笑', 'smiling'], ['웃는', 'smiling'], ['泣', 'crying'], ['哭', 'crying'], ['우는', 'crying'], ['怒', 'angry'], ['生气', 'angry'], ['화난', 'angry'],
    ['ジャンプ', 'jumping'], ['跳', 'jumping'], ['점프', 'jumping'], ['座', 'sitting'], ['坐', 'sitting'], ['앉은', 'sitting'],
  ] as Array<[string, string]>
).sort((a, b) => b[0].length - a[0].length);

/** Lower case with the CJK words above in English; other non-Latin characters become spaces. */
function normalizePrompt(prompt: string): string {
  let text = prompt.toLowerCase();
  for (const [word, en] of CJK_WORDS) text = text.split(word).join(` ${en} `);
  return text.replace(/[^\x20-\x7e\u00c0-\u024f]+/g, ' ').replace(/\s+/g, ' ');
}

const HAIR_NOUN = /hair(?:ed)?|pony ?tails?|twin ?tails?|pigtails?|braids?|bob|buns?|locks/;

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
const PROP_WORDS: Array<[RegExp, Prop]> = [
  [/\b(sword|katana|blade)\b/, 'sword'],
  [/\b(book|reading|novel)\b/, 'book'],
  [/\b(umbrella|parasol|rain)\b/, 'umbrella'],
  [/\b(staff|wand|cane)\b/, 'staff'],
  [/\b(cup|coffee|mug|tea)\b/, 'cup'],
];
/** Outfits a boy gets when the prompt names none. */
const BOY_OUTFITS: Outfit[] = ['hoodie', 'seifuku', 'kimono', 'armor', 'witch'];
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
  const text = normalizePrompt(input.prompt);
  const rand = createRandom(input.seed);
  const theme = input.theme ? THEME_DEFAULTS[input.theme] : undefined;
  const palette = input.palette ?? [];

  const gender: Gender = /\b(boy|man|male|guy|prince|king|husband|father|he|his|gentleman|grandpa|old man)\b/.test(text) && !/\b(girl|woman|female|lady)\b/.test(text) ? 'boy' : 'girl';
  const age: Age = /\b(old|elderly|grand(?:ma|pa|mother|father)|aged|senior)\b/.test(text)
    ? 'elder'
    : /\b(child|kid|little|toddler|young(?:er)? (?:girl|boy))\b/.test(text)
      ? 'child'
      : /\b(woman|man|adult|lady|mature|office|teacher)\b/.test(text)
        ? 'adult'
        : 'teen';
  const prop = firstMatch(text, PROP_WORDS) ?? null;
  const hairColor =
    colorNear(text, HAIR_NOUN) ?? input.baseCharacter?.hairColor ?? palette[0] ?? (age === 'elder' ? '#e5e7eb' : pick(rand, HAIR_PALETTE));
  const eyeColor = colorNear(text, /eyes?|eyed/) ?? input.baseCharacter?.eyeColor ?? palette[1] ?? pick(rand, EYE_PALETTE);
  const skinColor = /\b(tan|tanned|dark skin|dark-skinned)\b/.test(text) ? pick(rand, SKIN_TONES.slice(3)) : pick(rand, SKIN_TONES.slice(0, 3));
  const outfit = firstMatch(text, OUTFIT_WORDS) ?? theme?.outfit ?? pick(rand, gender === 'boy' ? BOY_OUTFITS : OUTFITS);
  const outfitColor = colorNear(text, /dress|outfit|uniform|hoodie|kimono|clothes|swimsuit|bikini/) ?? palette[2] ?? pick(rand, OUTFIT_PALETTE);
  const pose = firstMatch(text, POSE_WORDS) ?? pick(rand, POSES);
  const expression = firstMatch(text, EXPRESSION_WORDS) ?? POSE_EXPRESSION[pose];
  const background = firstMatch(text, BACKGROUND_WORDS) ?? theme?.background ?? OUTFIT_BACKGROUND[outfit];
  const hairStyle = firstMatch(text, HAIR_WORDS) ?? (gender === 'boy' ? 'bob' : (theme?.hairStyle ?? pick(rand, HAIR_STYLES)));
  const accessories: Accessory[] = [];
  if (/\b(cat ?ears?|nekomimi|catgirl|neko)\b/.test(text)) accessories.push('catEars');
  if (/\b(glasses|spectacles|megane)\b/.test(text)) accessories.push('glasses');
  if (/\b(flower|hibiscus|blossom)\b/.test(text)) accessories.push('flower');
  if (/\b(ribbon|bow)\b/.test(text) || (gender === 'girl' && accessories.length === 0 && rand() < 0.5)) accessories.push('ribbon');
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
    gender,
    age,
    prop,
    detailSeed: Math.floor(rand() * 2 ** 31),
  };
}
