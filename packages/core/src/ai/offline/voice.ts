import type { Language } from '../../i18n';
import type { PersonaKey } from '../personas';

/**
 * Rewrites the sentences of a help article in a persona's voice, in the article's language: sentence
 * endings (です/ます, だよ, ～んだからね; 합니다, 해요, 해; 哦, 啦), word choice (contractions, 您/你) and
 * punctuation. Only endings and function words change: the facts, names, links and numbers stay.
 * Markdown structure (lists, bold, links) is kept; each line is rewritten on its own.
 */
export function restyle(body: string, persona: PersonaKey, language: Language): string {
  const rules = RULES[language][persona];
  if (!rules) return body;
  const lines = body.split('\n');
  // Code stays as written.
  let code = false;
  return lines
    .map((line, i) => {
      if (line.trimStart().startsWith('```')) code = !code;
      if (code || !line.trim() || line.trimStart().startsWith('```')) return line;
      return rules(line, i === lastTextLine(lines));
    })
    .join('\n');
}

function lastTextLine(lines: string[]): number {
  for (let i = lines.length - 1; i >= 0; i -= 1) if (lines[i]!.trim()) return i;
  return -1;
}

type Rule = (line: string, last: boolean) => string;

// ---------------------------------------------------------------------------------------------- English

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bdo not\b/g, "don't"],
  [/\bdoes not\b/g, "doesn't"],
  [/\bcannot\b/g, "can't"],
  [/\bis not\b/g, "isn't"],
  [/\bare not\b/g, "aren't"],
  [/\bit is\b/g, "it's"],
  [/\bIt is\b/g, "It's"],
  [/\byou are\b/g, "you're"],
  [/\bYou are\b/g, "You're"],
  [/\byou will\b/g, "you'll"],
  [/\bYou will\b/g, "You'll"],
  [/\bthat is\b/g, "that's"],
  [/\bwill not\b/g, "won't"],
];
const contract = (line: string) => CONTRACTIONS.reduce((s, [p, r]) => s.replace(p, r), line);
/** The full stop that ends a line of prose (not one inside a number or a link). */
const endStop = (line: string, mark: string) => line.replace(/\.(\**)\s*$/u, `${mark}$1`);

const english: Partial<Record<PersonaKey, Rule>> = {
  otaku: (l, last) => (last ? endStop(contract(l), '!!') : contract(l)),
  tsundere: (l, last) => {
    const s = contract(l).replace(/\b[Pp]lease,? /g, '');
    return last ? endStop(s, ". Obviously.") : s;
  },
  imouto: (l) => endStop(contract(l), '~'),
  classmate: (l, last) => (last ? endStop(contract(l), '. Easy, right?') : contract(l)),
  // Clipped: no courtesy words, no possessives, no raised voice.
  kuudere: (l) => l.replace(/\b([Pp]lease|[Jj]ust|[Ss]imply),? /g, '').replace(/\b([Yy])our (?=\*\*|[a-z])/g, '').replace(/ instead\b/g, '').replace(/!/g, '.'),
  genki: (l) => endStop(contract(l), '!'),
};

// --------------------------------------------------------------------------------------------- Japanese

/** Ichidan verbs whose stem ends in an i-row kana (見ます → 見る, not a godan verb); ている too. */
const ICHIDAN_I = /(見|着|似|煮|居|起き|生き|過ぎ|落ち|降り|借り|信じ|感じ|閉じ|浴び|伸び|延び|でき|てい|でい)$/u;
const GODAN_U: Record<string, string> = { き: 'く', ぎ: 'ぐ', し: 'す', ち: 'つ', に: 'ぬ', び: 'ぶ', み: 'む', り: 'る', い: 'う' };
const GODAN_A: Record<string, string> = { き: 'か', ぎ: 'が', し: 'さ', ち: 'た', に: 'な', び: 'ば', み: 'ま', り: 'ら', い: 'わ' };
const E_ROW = /[えけげせぜてでねへべぺめれ]$/u;
/** する verbs: a Sino-Japanese or katakana word before し (変更し, 表示し, ログインし), or し alone. */
const SURU = /(^|[\p{Script=Han}]{2}|[\p{Script=Katakana}ー]|[^\p{Script=Han}\p{Script=Hiragana}])し$/u;

/** A polite verb stem (before ます) in its plain forms: dictionary and negative. */
function plainVerb(stem: string): { plain: string; negative: string } {
  const head = stem.slice(0, -1);
  if (SURU.test(stem)) return { plain: `${head}する`, negative: `${head}しない` };
  if (/(て|で)き$/u.test(stem)) return { plain: `${head}くる`, negative: `${head}こない` };
  if (E_ROW.test(stem) || ICHIDAN_I.test(stem)) return { plain: `${stem}る`, negative: `${stem}ない` };
  const kana = stem.slice(-1);
  if (GODAN_U[kana]) return { plain: head + GODAN_U[kana], negative: `${head}${GODAN_A[kana]}ない` };
  return { plain: `${stem}る`, negative: `${stem}ない` };
}

/** Before a sentence's end: an optional parenthesis, then 。 or the end of the line. */
const JA_END = '((?:（[^）]*）)?(?:。|$))';
const JA_STEM = '([\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー]+?)';

/** Sentence-final polite forms → plain forms with the persona's particles (after a verb, after a noun, on a request). */
function japanesePlain(line: string, verb: string, noun: string, request: string): string {
  return line
    .replace(new RegExp(`${JA_STEM}ません${JA_END}`, 'gu'), (_, stem: string, end: string) => `${plainVerb(stem).negative}${verb}${end}`)
    .replace(new RegExp(`${JA_STEM}ます${JA_END}`, 'gu'), (_, stem: string, end: string) => `${plainVerb(stem).plain}${verb}${end}`)
    .replace(new RegExp(`(て|で)ください${JA_END}`, 'gu'), (_, te: string, end: string) => `${te}${request}${end}`)
    .replace(new RegExp(`です${JA_END}`, 'gu'), (_, end: string) => `${noun}${end}`);
}

const japanese: Partial<Record<PersonaKey, Rule>> = {
  otaku: (l, last) => japanesePlain(l, 'んだよ', 'なんだよ', 'ね').replace(/。$/u, last ? '！！' : '。'),
  tsundere: (l, last) => japanesePlain(l, 'わよ', 'よ', 'よね').replace(/わよ。$/u, last ? 'んだからね。' : 'わよ。'),
  imouto: (l) => japanesePlain(l, 'よ〜', 'だよ〜', 'ね'),
  classmate: (l) => japanesePlain(l, 'よ', 'だよ', 'ね'),
  kuudere: (l) => japanesePlain(l, '', '', '').replace(/！/gu, '。'),
  genki: (l) => japanesePlain(l, 'よ', 'だよ', 'ね').replace(/。/gu, '！'),
};

// ---------------------------------------------------------------------------------------------- Chinese

const chineseCasual = (l: string) => l.replace(/您/g, '你').replace(/请(?=[先再])/g, '');
const chinese: Partial<Record<PersonaKey, Rule>> = {
  otaku: (l, last) => chineseCasual(l).replace(/。$/u, last ? '！超厉害的！' : '。'),
  tsundere: (l, last) => chineseCasual(l).replace(/。$/u, last ? '。哼，才不是特意告诉你的呢。' : '啦。'),
  imouto: (l) => chineseCasual(l).replace(/。$/u, '哦～'),
  classmate: (l) => chineseCasual(l).replace(/。$/u, '哦。'),
  kuudere: (l) => chineseCasual(l).replace(/请/g, '').replace(/！/g, '。'),
  genki: (l) => chineseCasual(l).replace(/。/gu, '！'),
};

// ----------------------------------------------------------------------------------------------- Korean

/** The vowel of a Hangul syllable decides 아/어 (harmony). */
const brightVowel = (syllable: string) => {
  const code = syllable.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return false;
  const medial = Math.floor((code % 588) / 28);
  return medial === 0 || medial === 8; // ㅏ, ㅗ
};
/** A syllable with its final consonant changed (Hangul composition arithmetic). */
const withFinal = (syllable: string, final: number) => {
  const code = syllable.charCodeAt(0) - 0xac00;
  return String.fromCharCode(0xac00 + code - (code % 28) + final);
};
const FINAL_B = 17;
const FINAL_M = 16;

const medialOf = (syllable: string) => Math.floor(((syllable.charCodeAt(0) - 0xac00) % 588) / 28);
const withMedial = (syllable: string, medial: number) => {
  const code = syllable.charCodeAt(0) - 0xac00;
  return String.fromCharCode(0xac00 + Math.floor(code / 588) * 588 + medial * 28);
};
/** The 아/어 form of an open verb syllable (가→가, 보→봐, 주→줘, 지→져, 하→해); null where irregular verbs hide. */
function contracted(syllable: string): string | null {
  if (syllable === '하') return '해';
  const medial = medialOf(syllable);
  const to: Record<number, number> = { 0: 0, 4: 4, 1: 1, 5: 5, 8: 9, 13: 14, 20: 6 }; // ㅏ ㅓ ㅐ ㅔ, ㅗ→ㅘ, ㅜ→ㅝ, ㅣ→ㅕ
  return to[medial] === undefined ? null : withMedial(syllable, to[medial]!);
}

/** 합니다체 endings → 해요체 (polite) or 반말 (plain), then the persona's tail. */
function koreanEnding(line: string, polite: boolean, tail = ''): string {
  const yo = polite ? '요' : '';
  return line
    .replace(/([가-힣])니다(\.|$)/gu, (all, s: string, end: string) => {
      const code = s.charCodeAt(0) - 0xac00;
      if (code % 28 !== FINAL_B || s === '합' || s === '됩' || s === '입') return all;
      const open = contracted(withFinal(s, 0));
      return open ? `${open}${yo}${tail}${end}` : all;
    })
    .replace(/([가-힣])세요(\.|$)/gu, (all, s: string, end: string) => {
      if (polite) return `${s}세요${tail}${end}`;
      const open = contracted(s);
      return open ? `${open}${tail}${end}` : all;
    })
    .replace(/합니다(\.|$)/gu, (_, end: string) => `해${yo}${tail}${end}`)
    .replace(/됩니다(\.|$)/gu, (_, end: string) => `돼${yo}${tail}${end}`)
    .replace(/입니다(\.|$)/gu, (_, end: string) => `${polite ? '이에요' : '이야'}${tail}${end}`)
    .replace(/(.)습니다(\.|$)/gu, (_, s: string, end: string) => `${s}${brightVowel(s) ? '아' : '어'}${yo}${tail}${end}`);
}
/** 합니다체 → the terse noun style of notes (함, 됨, 있음, 사라짐). */
function koreanNoun(line: string): string {
  return line
    .replace(/(.)습니다\./gu, (_, s: string) => `${s}음.`)
    .replace(/(.)니다\./gu, (_, s: string) => (s.charCodeAt(0) >= 0xac00 && (s.charCodeAt(0) - 0xac00) % 28 === FINAL_B ? `${withFinal(s, FINAL_M)}.` : `${s}니다.`))
    .replace(/하세요\./gu, '할 것.')
    .replace(/!/g, '.');
}
const korean: Partial<Record<PersonaKey, Rule>> = {
  otaku: (l, last) => koreanEnding(l, true).replace(/\.$/u, last ? '!!' : '.'),
  tsundere: (l, last) => koreanEnding(l, false) + (last ? ' 따, 딱히 너를 위해서 알려 준 건 아니거든.' : ''),
  imouto: (l) => koreanEnding(l, true, '~'),
  classmate: (l) => koreanEnding(l, false),
  kuudere: (l) => koreanNoun(l),
  genki: (l) => koreanEnding(l, true).replace(/\./gu, '!'),
};

/** Teachers keep the polite, complete text of the article in every language (no rule). */
const RULES: Record<Language, Partial<Record<PersonaKey, Rule>>> = { en: english, ja: japanese, zh: chinese, ko: korean };
