import type { Language } from '../../i18n';
import type { AssistantMode } from '../chat';
import { helpLinkHref } from '../help-corpus';
import { helpVerdict, type HelpHit } from '../help-search';
import type { Persona } from '../personas';
import { detectTone, rewriteInTone, type OfflineTone } from '../tones';
import { en } from './en';
import { ja } from './ja';
import type { OfflineKnowledge } from './knowledge';
import { ko } from './ko';
import type { OfflineLocale, OfflineVoiceText } from './types';
import { restyle } from './voice';
import { zh } from './zh';

/** Everything the offline assistant says, by language. */
export const OFFLINE_LOCALES: Record<Language, OfflineLocale> = { en, ja, zh, ko };

/**
 * The offline assistant (the server's `local` provider, and the browser when offline): honest, deterministic, no model. It answers questions about Yumi
 * Studio by retrieval over the FAQ and help articles, rewrites English text in the four quick tones by
 * rules, and otherwise says plainly that a real model is needed and how one is connected. It speaks
 * the language on the user's screen; the persona only frames the answer (intro, layout, sign-off),
 * the facts always come from the knowledge base.
 */
export type OfflineAnswerKind = 'greeting' | 'capabilities' | 'answer' | 'unsure' | 'rewrite' | 'needs-model' | 'no-match' | 'refusal';

export interface OfflineAnswer {
  kind: OfflineAnswerKind;
  text: string;
}

/** A stable pick among variants, so the same question always reads the same. */
function pick<T>(items: readonly T[], seed: string): T {
  let h = 0;
  for (let i = 0; i < seed.length; i += 1) h = (h * 31 + seed.charCodeAt(i)) >>> 0;
  return items[h % items.length]!;
}

/** Sentences: Latin ones end in .!? before a space; Japanese and Chinese ones end in 。！？ with no space after. */
const sentences = (text: string) =>
  text.match(/[^.!?。！？]+(?:[.!?]+(?:\s|$)|[。！？]+)|[^.!?。！？]+$/g)?.map((s) => s.trim()).filter(Boolean) ?? [text];

/** A Markdown list item (numbered or bulleted). */
const LIST_ITEM = /^\s*(\d+\.|[-*])\s/;

/** Japanese, Chinese or Korean script: text the English tone rules cannot rewrite. */
const WIDE_SCRIPT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;

/** One reply being written: the persona's layout rules with the words of the user's language. */
class Speaker {
  readonly voice: OfflineVoiceText;
  constructor(
    readonly persona: Persona,
    readonly locale: OfflineLocale,
    readonly language: Language,
    readonly seed: string,
  ) {
    this.voice = locale.voices[persona.key];
  }

  get terse() {
    return this.persona.voice.style === 'terse';
  }

  /** The kuudere never raises her voice, in any script. */
  calm(text: string): string {
    return this.persona.voice.exclaims ? text : text.replace(/!+/g, '.').replace(/！+/g, '。');
  }

  /**
   * Lays out an article (Markdown) in the persona's voice and style: the whole text restyled (endings,
   * word choice), then numbered steps, only the steps or first sentences (terse), or prose.
   */
  layout(title: string, body: string): string {
    const text = restyle(body, this.persona.key, this.language);
    const steps = text.split('\n').filter((l) => LIST_ITEM.test(l));
    switch (this.persona.voice.style) {
      case 'steps':
        return steps.length > 0 ? `**${title}**\n\n${text}` : `**${title}**\n\n${sentences(text).map((s, i) => `${i + 1}. ${s}`).join('\n')}`;
      case 'terse':
        return steps.length > 0 ? steps.slice(0, 5).join('\n') : sentences(text).slice(0, 2).join(' ');
      case 'prose':
        return `**${title}**\n\n${text}`;
    }
  }

  frame(core: string, withIntro = true): string {
    const parts = [withIntro ? pick(this.voice.intros, this.seed) : null, core, pick(this.voice.outros, this.seed)].filter(Boolean);
    return this.calm(parts.join('\n\n'));
  }

  capabilities(connectSteps: string): string {
    const { capabilities, cannot, offlineIntro, offlineTerse } = this.locale.phrases;
    return this.terse
      ? `${offlineTerse} ${capabilities.join('; ')}. ${cannot}`
      : `${offlineIntro}\n\n${capabilities.map((l) => `- ${l}`).join('\n')}\n\n${cannot}\n\n${connectSteps}`;
  }
}

/** Finds the text to rewrite: inside quotes, after a colon, or on the following lines. */
function textToRewrite(message: string): string | null {
  const quoted = /["“「『](.+?)["”」』]/s.exec(message);
  if (quoted?.[1] && quoted[1].trim().length > 0) return quoted[1].trim();
  const colon = message.search(/[:：]/);
  if (colon >= 0 && message.slice(colon + 1).trim()) return message.slice(colon + 1).trim();
  const lines = message.split('\n');
  if (lines.length > 1 && lines.slice(1).join('\n').trim()) return lines.slice(1).join('\n').trim();
  return null;
}

/**
 * One answer of the offline assistant, from the knowledge base of `language` (built by the caller:
 * the server from disk, the browser from its lazily loaded corpus chunk). Pure, so both give the same words.
 */
export function answerOffline(
  message: string,
  persona: Persona,
  mode: AssistantMode,
  language: Language,
  admin: boolean,
  knowledge: OfflineKnowledge,
): OfflineAnswer {
  const text = message.trim();
  const locale = OFFLINE_LOCALES[language];
  const english = OFFLINE_LOCALES.en;
  const says = (pattern: keyof Omit<OfflineLocale['patterns'], 'tones'>) => english.patterns[pattern].test(text) || locale.patterns[pattern].test(text);
  const speaker = new Speaker(persona, locale, language, `${persona.key}:${text}`);
  const { phrases } = locale;

  if (says('secrets') && !says('accountHelp')) {
    return { kind: 'refusal', text: speaker.frame(speaker.terse ? phrases.refusalTerse : phrases.refusal, false) };
  }
  if (says('greeting')) {
    return { kind: 'greeting', text: speaker.calm(`${speaker.voice.greeting}\n\n${speaker.capabilities(knowledge.connectSteps)}`) };
  }
  if (says('aboutYou')) {
    return { kind: 'capabilities', text: speaker.frame(speaker.capabilities(knowledge.connectSteps)) };
  }

  const tone = detectTone(text, locale.patterns.tones);
  if (tone && says('rewrite')) {
    const target = textToRewrite(text);
    if (!target) return { kind: 'rewrite', text: speaker.frame(phrases.rewriteHow.replace('{tone}', phrases.tones[tone]), false) };
    if (WIDE_SCRIPT.test(target)) return { kind: 'rewrite', text: speaker.frame(phrases.rewriteEnglishOnly, false) };
    return { kind: 'rewrite', text: rewriteAnswer(speaker, target, tone) };
  }

  const hits = knowledge.index.search(text, { limit: 3, admin });
  const verdict = helpVerdict(hits);
  if (verdict === 'answer' && (says('question') || !says('generative'))) return { kind: 'answer', text: articleAnswer(speaker, hits) };
  if (says('generative') || text.split(/\s+/).length > 12 || (WIDE_SCRIPT.test(text) && [...text].length > 40)) {
    const steps = speaker.terse ? sentences(knowledge.connectSteps)[0]! : knowledge.connectSteps;
    return { kind: 'needs-model', text: speaker.calm(`${speaker.voice.needsModel}\n\n${steps}`) };
  }
  if (verdict === 'unsure') {
    const topics = hits.map((h) => `- ${h.doc.title}`).join('\n');
    return { kind: 'unsure', text: speaker.frame(`${phrases.unsure}\n\n${topics}`) };
  }
  return { kind: 'no-match', text: speaker.calm(`${speaker.voice.noMatch}\n\n${phrases.examples[mode]}`) };
}

/** The best article in the persona's layout, with buttons to its screens, and a pointer to a close second. */
function articleAnswer(speaker: Speaker, [best, second]: HelpHit[]): string {
  const doc = best!.doc;
  let core = speaker.layout(doc.title, doc.body);
  if (doc.links.length > 0) core += `\n\n${doc.links.map((l) => `[${l.label}](${helpLinkHref(l.to)})`).join(' · ')}`;
  if (second && second.coverage >= best!.coverage && second.score >= best!.score * 0.8 && !speaker.terse) {
    core += `\n\n${speaker.locale.phrases.seeAlso.replace('{title}', second.doc.title)}`;
  }
  return speaker.frame(core);
}

function rewriteAnswer(speaker: Speaker, target: string, tone: OfflineTone): string {
  const intro = speaker.calm(speaker.voice.rewriteIntro.replace('{tone}', speaker.locale.phrases.tones[tone]));
  // The rewritten text itself is the user's, so it keeps its own punctuation even for the kuudere.
  return `${intro}\n\n> ${rewriteInTone(target, tone).replace(/\n/g, '\n> ')}\n\n${speaker.calm(pick(speaker.voice.outros, target))}`;
}

/** `/api/edit` offline: the four tones by rules (English text); anything else needs a model (null). */
export function editOffline(instructions: string, text: string, language: Language = 'en'): string | null {
  const tone = detectTone(instructions, OFFLINE_LOCALES[language].patterns.tones);
  return tone && !WIDE_SCRIPT.test(text) ? rewriteInTone(text, tone) : null;
}
