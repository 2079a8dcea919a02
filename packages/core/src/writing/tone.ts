import type { Tone } from './refinement';

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bdon't\b/gi, 'do not'],
  [/\bdoesn't\b/gi, 'does not'],
  [/\bdidn't\b/gi, 'did not'],
  [/\bcan't\b/gi, 'cannot'],
  [/\bwon't\b/gi, 'will not'],
  [/\bisn't\b/gi, 'is not'],
  [/\baren't\b/gi, 'are not'],
  [/\bwasn't\b/gi, 'was not'],
  [/\bweren't\b/gi, 'were not'],
  [/\bshouldn't\b/gi, 'should not'],
  [/\bwouldn't\b/gi, 'would not'],
  [/\bcouldn't\b/gi, 'could not'],
  [/\bI'm\b/g, 'I am'],
  [/\byou're\b/gi, 'you are'],
  [/\bwe're\b/gi, 'we are'],
  [/\bthey're\b/gi, 'they are'],
  [/\bit's\b/gi, 'it is'],
  [/\bthat's\b/gi, 'that is'],
  [/\bI've\b/g, 'I have'],
  [/\bI'll\b/g, 'I will'],
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\bkinda\b/gi, 'somewhat'],
  [/\byeah\b/gi, 'yes'],
  [/\bok(ay)?\b/gi, 'acceptable'],
];

const EXPANSIONS: Array<[RegExp, string]> = [
  [/\bdo not\b/g, "don't"],
  [/\bdoes not\b/g, "doesn't"],
  [/\bdid not\b/g, "didn't"],
  [/\bcannot\b/g, "can't"],
  [/\bwill not\b/g, "won't"],
  [/\bis not\b/g, "isn't"],
  [/\bare not\b/g, "aren't"],
  [/\bI am\b/g, "I'm"],
  [/\byou are\b/g, "you're"],
  [/\bwe are\b/g, "we're"],
  [/\bit is\b/g, "it's"],
  [/\bthat is\b/g, "that's"],
  [/\bI will\b/g, "I'll"],
  [/\bI have\b/g, "I've"],
  [/\btherefore\b/gi, 'so'],
  [/\bhowever\b/gi, 'but'],
  [/\bfurthermore\b/gi, 'also'],
];

const keepCase = (match: string, replacement: string) =>
  match[0] && match[0] === match[0].toUpperCase() ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement;

function replaceAll(text: string, rules: Array<[RegExp, string]>): string {
  return rules.reduce((t, [re, rep]) => t.replace(re, (m) => keepCase(m, rep)), text);
}

/** Phrases appended for the emotional and humorous tones; the web passes translated ones. */
export interface ToneAppendix {
  emotional: string;
  humorous: string;
}
export const DEFAULT_TONE_APPENDIX: ToneAppendix = {
  emotional: 'My heart was so full that the words could barely hold it.',
  humorous: '(Yumi insists this was all part of the plan. It was not.)',
};

/**
 * Rule-based quick tone changes that work offline (§4: "simple text rewrite or append"): formal expands
 * contractions and calms exclamations, casual contracts, emotional and humorous intensify and append.
 */
export function rewriteTone(text: string, tone: Tone, appendix: ToneAppendix = DEFAULT_TONE_APPENDIX): string {
  const trimmed = text.replace(/\s+$/, '');
  if (!trimmed) return text;
  switch (tone) {
    case 'formal':
      return replaceAll(trimmed, CONTRACTIONS).replace(/!+/g, '.').replace(/\?{2,}/g, '?').replace(/\s*:\)|\s*:D/g, '');
    case 'casual':
      return replaceAll(trimmed, EXPANSIONS);
    case 'emotional':
      return `${trimmed.replace(/\bvery\b/gi, (m) => keepCase(m, 'so deeply')).replace(/\bsad\b/gi, (m) => keepCase(m, 'heartbroken'))}\n\n${appendix.emotional}`;
    case 'humorous':
      return `${trimmed}\n\n${appendix.humorous}`;
  }
}
