import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import unhomoglyph from 'unhomoglyph';
import { fnv1a, TOKEN_RE, winnow, type Fingerprint, type Token } from '../winnowing';
import { SYNONYM_CLASSES } from './synonyms';

/**
 * The comparison key of a word, so that disguised copies fold onto the original:
 * - NFKC (full-width and compatibility forms), lower case, accents on Latin/Greek/Cyrillic letters dropped;
 * - confusable letters folded by Unicode's confusables table (UTS #39 skeleton, via `unhomoglyph`), so a
 *   Cyrillic "а" or Greek "ο" typed inside an English word matches the Latin letter. Only letters outside
 *   ASCII are folded: ASCII letters are the skeleton's targets already;
 * - English words stemmed (Porter) and mapped to their WordNet synonym class, so "utilized" and
 *   "employed" give the same key; English stop words have no key (they are skipped, as paraphrase adds and
 *   drops them freely).
 */
const STOP = new Set(eng);
const NON_ASCII = /[^\p{ASCII}]/gu;
const ACCENTS = /[\u0300-\u036f]/g;
const ENGLISH = /^[a-z]+$/;

let synonymOf: Map<string, string> | null = null;
function synonyms(): Map<string, string> {
  if (synonymOf) return synonymOf;
  synonymOf = new Map();
  for (const line of SYNONYM_CLASSES.split('\n')) {
    const stems = line.split(' ');
    for (const s of stems) synonymOf.set(s, stems[0]!);
  }
  return synonymOf;
}

/** Bounded memo: a text repeats few distinct words; the bound keeps a long-running process small. */
const memo = new Map<string, string | null>();
const MEMO_MAX = 200_000;

/** The folded key of one word (a TOKEN_RE match), or null for a stop word. */
export function foldWord(word: string): string | null {
  const hit = memo.get(word);
  if (hit !== undefined) return hit;
  let w = word.normalize('NFKC').toLowerCase().normalize('NFD').replace(ACCENTS, '').normalize('NFC');
  w = w.replace(NON_ASCII, (ch) => unhomoglyph(ch).toLowerCase());
  let key: string | null = w;
  if (ENGLISH.test(w)) {
    if (STOP.has(w)) key = null;
    else {
      const stem = stemmer(w);
      key = synonyms().get(stem) ?? stem;
    }
  }
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(word, key);
  return key;
}

/** Tokens of a text with folded keys (stop words left out), offsets into the original for highlighting. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    const key = foldWord(m[0]);
    if (key === null) continue;
    tokens.push({ hash: fnv1a(key), surface: fnv1a(m[0].toLowerCase()), start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}

/** Fingerprints of a text (tokenise then winnow). */
export function fingerprintText(text: string): { tokens: Token[]; fingerprints: Fingerprint[] } {
  const tokens = tokenize(text);
  return { tokens, fingerprints: winnow(tokens) };
}

/**
 * Version of the folding above. Stored fingerprints of an older version cannot meet new ones, so a
 * source fingerprinted by an older version is fingerprinted again before a check uses it.
 */
export const FINGERPRINT_VERSION = 2;
