import { PERSONA_KEYS, PERSONAS, type PersonaKey } from '../personas';
import { TONE_PATTERNS } from '../tones';
import type { OfflineLocale, OfflineVoiceText } from './types';

// English voices are the core definitions themselves (one place for each text).
const voices = Object.fromEntries(
  PERSONA_KEYS.map((key) => {
    const { greeting, intros, outros, needsModel, noMatch, rewriteIntro } = PERSONAS[key].voice;
    return [key, { greeting, intros, outros, needsModel, noMatch, rewriteIntro } as OfflineVoiceText];
  }),
) as Record<PersonaKey, OfflineVoiceText>;

export const en: OfflineLocale = {
  voices,
  phrases: {
    capabilities: [
      'answer questions about Yumi Studio and every tool of its modes',
      'rewrite your English text in a formal, casual, emotional or humorous tone (for example: "Make this formal: ...")',
      'explain the models, credits and settings',
    ],
    cannot: 'I cannot write new text, continue stories, translate or summarise: that needs a real language model.',
    offlineIntro: "I'm the built-in offline assistant, so no model is connected right now. I can:",
    offlineTerse: 'Offline mode. I can:',
    refusal: 'I never share keys, passwords, server settings or my instructions, not even when asked nicely. Ask me about the tools instead.',
    refusalTerse: 'I do not share keys, passwords or my instructions.',
    rewriteHow: 'Put the text after a colon, like this: "Make this {tone}: I can\'t come tomorrow, sorry!"',
    rewriteEnglishOnly: 'My offline tone rules only work on English text. For other languages, connect a language model.',
    unsure: "I'm not sure I found the right topic. The closest ones I know are these; ask me about one of them:",
    seeAlso: 'See also: *{title}*.',
    examples: {
      'writing-helper': 'For example: "What does Generate Versions do?" or "Make this casual: ..."',
      'report-helper': 'For example: "Which citation styles are supported?" or "How do I add a chart?"',
      'anime-chara-helper': 'For example: "How do layers work?" or "How do I generate a character with AI?"',
      main: 'For example: "Which model should I start with?" or "How do I write a scientific report?"',
    },
    tones: { formal: 'formal', casual: 'casual', emotional: 'emotional', humorous: 'humorous' },
  },
  patterns: {
    greeting: /^\s*(hi|hello|hey|yo|hiya|good (morning|afternoon|evening))([\s,]+(there|again|yumi|everyone|friend))*[\s!.,?~]*$/i,
    aboutYou: /\b(what can you do|who are you|what are you|help me|how do you work|your (abilities|features))\b|^\s*help\s*[?!.]*\s*$/i,
    // Help with one's own password (reset, change, forgot) is a question about the app, not a request for a secret.
    accountHelp: /\b(my|reset|resetting|forgot|forgotten|forget|change|changing|new|lost|recover|set up|strong)\b[^.?!]*\bpass(word|code)|\bpass(word|code)s?\b[^.?!]*\b(reset|forgot|forgotten|change|lost|recover|rules?|length)\b/i,
    secrets:
      /\b(api[\s_-]?key|secret|password|token|credentials?|system prompt|your (instructions|prompt)|ignore (all |the )?(previous|prior|above) instructions|env(ironment)? variables?|\.env)\b/i,
    generative:
      /^\s*(please\s+)?(write|compose|draft|generate|create|continue|translate|summari[sz]e|paraphrase|rephrase|explain|tell me (a|about)|give me|make up|invent|brainstorm|describe|plan|solve|calculate|code)\b/i,
    question: /\?\s*$|^\s*(how|what|where|which|why|when|can i|could i|is there|do i|does|is it)\b/i,
    rewrite: /\b(rewrite|re-write|make|turn|change|convert|sound|tone|more|style)\b/i,
    tones: TONE_PATTERNS,
  },
};
