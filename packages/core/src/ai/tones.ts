/**
 * Rule-based rewrites for the four quick tones (first document §4: formal, casual, emotional,
 * humorous; "simple text rewrite or append"). Deterministic word swaps, contractions and
 * punctuation: what the offline assistant can honestly do without a language model.
 */
export const OFFLINE_TONES = ['formal', 'casual', 'emotional', 'humorous'] as const;
export type OfflineTone = (typeof OFFLINE_TONES)[number];

type Swap = [RegExp, string];
const w = (from: string, to: string): Swap => [new RegExp(`\\b${from}\\b`, 'gi'), to];

const CONTRACTIONS: Array<[string, string]> = [
  ["can't", 'cannot'], ["won't", 'will not'], ["don't", 'do not'], ["doesn't", 'does not'], ["didn't", 'did not'],
  ["isn't", 'is not'], ["aren't", 'are not'], ["wasn't", 'was not'], ["weren't", 'were not'], ["haven't", 'have not'],
  ["hasn't", 'has not'], ["couldn't", 'could not'], ["shouldn't", 'should not'], ["wouldn't", 'would not'],
  ["I'm", 'I am'], ["you're", 'you are'], ["we're", 'we are'], ["they're", 'they are'], ["it's", 'it is'],
  ["that's", 'that is'], ["there's", 'there is'], ["I've", 'I have'], ["we've", 'we have'], ["I'll", 'I will'],
  ["we'll", 'we will'], ["you'll", 'you will'], ["let's", 'let us'], ["I'd", 'I would'],
];

const FORMAL: Swap[] = [
  ...CONTRACTIONS.map(([c, full]) => w(c.replace("'", "['’]"), full)),
  w('gonna', 'going to'), w('wanna', 'want to'), w('gotta', 'have to'), w('kinda', 'somewhat'), w('sorta', 'somewhat'),
  w('yeah', 'yes'), w('yep', 'yes'), w('nope', 'no'), w('ok', 'very well'), w('okay', 'very well'), w('hey', 'hello'), w('hi', 'hello'),
  w('thanks', 'thank you'), w('a lot of', 'a great deal of'), w('lots of', 'many'), w('kids', 'children'), w('stuff', 'material'),
  w('buy', 'purchase'), w('need', 'require'), w('help', 'assist'),
  w('but', 'however,'), w('awesome', 'excellent'), w('cool', 'impressive'), w('really', 'considerably'), w('pretty', 'rather'),
];

const CASUAL: Swap[] = [
  ...CONTRACTIONS.map(([c, full]) => w(full, c)),
  w('hello', 'hey'), w('greetings', 'hey'), w('therefore', 'so'), w('however', 'but'), w('furthermore', 'plus'),
  w('moreover', 'also'), w('approximately', 'about'), w('purchase', 'buy'), w('require', 'need'), w('assist', 'help'),
  w('obtain', 'get'), w('numerous', 'lots of'), w('children', 'kids'), w('excellent', 'awesome'), w('perhaps', 'maybe'),
  w('regarding', 'about'), w('in order to', 'to'), w('thank you', 'thanks'), w('very', 'super'),
];

const EMOTIONAL: Swap[] = [
  w('good', 'truly wonderful'), w('great', 'absolutely amazing'), w('nice', 'heartwarming'), w('bad', 'heartbreaking'),
  w('happy', 'overjoyed'), w('sad', 'heartbroken'), w('love', 'cherish with all my heart'),
  w('very', 'deeply'), w('important', 'so meaningful'), w('hard', 'overwhelming'), w('tired', 'exhausted to the bone'),
  w('think', 'feel deep down'), w('hope', 'dearly hope'), w('interesting', 'captivating'),
];

const HUMOROUS: Swap[] = [
  w('very', 'ridiculously'), w('important', 'important (like, last-slice-of-pizza important)'), w('difficult', 'boss-fight difficult'),
  w('hard', 'harder than assembling furniture without the manual'), w('tired', 'running on coffee and hope'),
  w('meeting', 'meeting (that could have been an email)'), w('problem', 'plot twist'), w('work', 'side quest'),
  w('quickly', 'at ramen-delivery speed'), w('good', 'suspiciously good'), w('bad', 'Monday-morning bad'), w('boring', 'as thrilling as watching paint dry'),
];

function matchCase(source: string, replacement: string): string {
  if (source === source.toUpperCase() && source.length > 1) return replacement.toUpperCase();
  if (source[0] && source[0] === source[0].toUpperCase() && source[0] !== source[0].toLowerCase()) {
    return replacement[0]!.toUpperCase() + replacement.slice(1);
  }
  return replacement;
}

function applySwaps(text: string, swaps: Swap[]): string {
  // One pass per rule over the original words only: a replaced phrase is never swapped again.
  const marks: string[] = [];
  let out = text;
  for (const [pattern, to] of swaps) {
    out = out.replace(pattern, (m) => {
      marks.push(matchCase(m, to));
      return `\uE000${marks.length - 1}\uE001`;
    });
  }
  // Private-use characters mark replaced spans, so later rules never rewrite them again.
  return out.replace(/\uE000(\d+)\uE001/g, (_, i: string) => marks[Number(i)]!);
}

const capitaliseSentences = (text: string) => text.replace(/(^|[.!?]\s+)([a-z])/g, (_, lead: string, c: string) => lead + c.toUpperCase());
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}]/gu;

export function rewriteInTone(text: string, tone: OfflineTone): string {
  const input = text.trim();
  if (!input) return '';
  switch (tone) {
    case 'formal': {
      let out = applySwaps(input, FORMAL).replace(EMOJI, '').replace(/!+/g, '.').replace(/\?{2,}/g, '?');
      out = out.replace(/[ \t]{2,}/g, ' ').replace(/\s+([.,;:?])/g, '$1').replace(/,\s*,/g, ',');
      out = capitaliseSentences(out.trim()).replace(/\bi\b/g, 'I');
      return /[.?]$/.test(out) ? out : `${out}.`;
    }
    case 'casual': {
      const out = applySwaps(input, CASUAL).replace(/;\s*/g, ', ');
      return `${out.replace(/\.$/, '')} 😊`;
    }
    case 'emotional': {
      const out = applySwaps(input, EMOTIONAL).replace(/\.(\s|$)/g, '!$1');
      return `${out}${/[!?]$/.test(out) ? '' : '!'} 💖`;
    }
    case 'humorous': {
      const out = applySwaps(input, HUMOROUS);
      return `${out} 😄 (No keyboards were harmed in the writing of this text.)`;
    }
  }
}

/** Words that name each tone in English free text ("make this formal", "more casual please"). */
export const TONE_PATTERNS: Record<OfflineTone, RegExp> = {
  formal: /\b(formal|polite|professional|business)/i,
  casual: /\b(casual|informal|friendly|relaxed)/i,
  emotional: /\b(emotional|heartfelt|passionate|moving)/i,
  humorous: /\b(humorous|humourous|funny|joke|witty|playful)/i,
};

/** Finds a tone named in free text, checking `extra` patterns (another language's words) too. */
export function detectTone(text: string, extra?: Record<OfflineTone, RegExp>): OfflineTone | null {
  return OFFLINE_TONES.find((tone) => TONE_PATTERNS[tone].test(text) || extra?.[tone].test(text)) ?? null;
}
