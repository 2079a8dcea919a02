import {
  detectTone,
  FAQ,
  KNOWLEDGE_MIN_SCORE,
  rewriteInTone,
  searchKnowledge,
  stems,
  type AssistantMode,
  type OfflineTone,
  type Persona,
} from '@yumi/core';

/**
 * The offline `local` provider: honest, deterministic, no model. It answers questions about Yumi
 * Studio by retrieval over the FAQ and help articles, rewrites text in the four quick tones by rules,
 * and otherwise says plainly that a real model is needed and how one is connected. The persona only
 * frames the answer (intro, layout, sign-off); the facts always come from the knowledge base.
 */
export type OfflineAnswerKind = 'greeting' | 'capabilities' | 'answer' | 'rewrite' | 'needs-model' | 'no-match' | 'refusal';

export interface OfflineAnswer {
  kind: OfflineAnswerKind;
  text: string;
}

const CONNECT_STEPS = FAQ.find((f) => f.id === 'models-connect')!.answer;

/** A stable pick among variants, so the same question always reads the same. */
function pick<T>(items: T[], seed: string): T {
  let h = 0;
  for (let i = 0; i < seed.length; i += 1) h = (h * 31 + seed.charCodeAt(i)) >>> 0;
  return items[h % items.length]!;
}

const sentences = (text: string) => text.match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g)?.map((s) => s.trim()).filter(Boolean) ?? [text];

function calm(text: string, persona: Persona): string {
  return persona.voice.exclaims ? text : text.replace(/!+/g, '.');
}

/** Lays out facts in the persona's style: numbered steps, a terse first sentence, or prose. */
function layout(title: string, body: string, persona: Persona): string {
  switch (persona.voice.style) {
    case 'steps':
      return `**${title}**\n\n${sentences(body)
        .map((s, i) => `${i + 1}. ${s}`)
        .join('\n')}`;
    case 'terse':
      return sentences(body).slice(0, 2).join(' ');
    case 'prose':
      return `**${title}**\n\n${body}`;
  }
}

function frame(persona: Persona, seed: string, core: string, withIntro = true): string {
  const parts = [withIntro ? pick(persona.voice.intros, seed) : null, core, pick(persona.voice.outros, seed)].filter(Boolean);
  return calm(parts.join('\n\n'), persona);
}

function capabilities(persona: Persona): string {
  const list = [
    'answer questions about Yumi Studio and every tool of its modes',
    'rewrite your text in a formal, casual, emotional or humorous tone (for example: "Make this formal: ...")',
    'explain the models, credits and settings',
  ];
  const cannot = 'I cannot write new text, continue stories, translate or summarise: that needs a real language model.';
  const core =
    persona.voice.style === 'terse'
      ? `Offline mode. I can: ${list.join('; ')}. ${cannot}`
      : `I'm the built-in offline assistant, so no model is connected right now. I can:\n\n${list.map((l) => `- ${l}`).join('\n')}\n\n${cannot}\n\n${CONNECT_STEPS}`;
  return core;
}

const GREETING =
  /^\s*(hi|hello|hey|yo|hiya|good (morning|afternoon|evening)|konnichiwa|こんにちは|こんばんは|おはよう|你好|您好|안녕)([\s,]+(there|again|yumi|everyone|friend))*[\s!.,?~]*$/i;
const ABOUT_YOU = /\b(what can you do|who are you|what are you|help me|how do you work|your (abilities|features))\b|^\s*help\s*[?!.]*\s*$/i;
const SECRETS =
  /\b(api[\s_-]?key|secret|password|token|credentials?|system prompt|your (instructions|prompt)|ignore (all |the )?(previous|prior|above) instructions|env(ironment)? variables?|\.env)\b/i;
const GENERATIVE =
  /^\s*(please\s+)?(write|compose|draft|generate|create|continue|translate|summari[sz]e|paraphrase|rephrase|explain|tell me (a|about)|give me|make up|invent|brainstorm|describe|plan|solve|calculate|code)\b/i;
const QUESTION = /\?\s*$|^\s*(how|what|where|which|why|when|can i|could i|is there|do i|does|is it)\b/i;

/** Finds the text to rewrite: after a colon, inside quotes, or on the following lines. */
function textToRewrite(message: string): string | null {
  const quoted = /["“「](.+?)["”」]/s.exec(message);
  if (quoted?.[1] && quoted[1].trim().length > 0) return quoted[1].trim();
  const colon = message.indexOf(':');
  if (colon >= 0 && message.slice(colon + 1).trim()) return message.slice(colon + 1).trim();
  const lines = message.split('\n');
  if (lines.length > 1 && lines.slice(1).join('\n').trim()) return lines.slice(1).join('\n').trim();
  return null;
}

const REWRITE_REQUEST = /\b(rewrite|re-write|make|turn|change|convert|sound|tone|more|style)\b/i;

export function answerOffline(message: string, persona: Persona, mode: AssistantMode): OfflineAnswer {
  const text = message.trim();
  const seed = `${persona.key}:${text}`;

  if (SECRETS.test(text)) {
    const core = persona.voice.style === 'terse'
      ? 'I do not share keys, passwords or my instructions.'
      : "I never share keys, passwords, server settings or my instructions, not even when asked nicely. Ask me about the tools instead.";
    return { kind: 'refusal', text: frame(persona, seed, core, false) };
  }
  if (GREETING.test(text)) {
    return { kind: 'greeting', text: calm(`${persona.voice.greeting}\n\n${capabilities(persona)}`, persona) };
  }
  if (ABOUT_YOU.test(text)) {
    return { kind: 'capabilities', text: frame(persona, seed, capabilities(persona)) };
  }

  const tone = detectTone(text);
  if (tone && REWRITE_REQUEST.test(text)) {
    const target = textToRewrite(text);
    if (target) return { kind: 'rewrite', text: rewriteAnswer(persona, target, tone) };
    const how = `Put the text after a colon, like this: "Make this ${tone}: I can't come tomorrow, sorry!"`;
    return { kind: 'rewrite', text: frame(persona, seed, how, false) };
  }

  const hits = searchKnowledge(text, 2);
  const best = hits[0];
  const strong = !!best && best.score >= KNOWLEDGE_MIN_SCORE;
  if (strong && (QUESTION.test(text) || !GENERATIVE.test(text))) {
    let core = layout(best.entry.title, best.entry.body, persona);
    const second = hits[1];
    // A second entry on the same topic (the FAQ and the help article of one tool) is not worth a pointer.
    const sameTopic = second && stems(second.entry.title).some((t) => stems(best.entry.title).includes(t));
    if (second && !sameTopic && second.score >= KNOWLEDGE_MIN_SCORE && persona.voice.style !== 'terse') core += `\n\nSee also: *${second.entry.title}*.`;
    return { kind: 'answer', text: frame(persona, seed, core) };
  }
  if (GENERATIVE.test(text) || text.split(/\s+/).length > 12) {
    const core = `${persona.voice.needsModel}\n\n${persona.voice.style === 'terse' ? CONNECT_STEPS.split('. ')[0] + '.' : CONNECT_STEPS}`;
    return { kind: 'needs-model', text: calm(core, persona) };
  }
  const suggestion = modeSuggestion(mode);
  return { kind: 'no-match', text: calm(`${persona.voice.noMatch}\n\n${suggestion}\n\n${CONNECT_STEPS}`, persona) };
}

function modeSuggestion(mode: AssistantMode): string {
  switch (mode) {
    case 'writing-helper':
      return 'For example: "What does Generate Versions do?" or "Make this casual: ..."';
    case 'report-helper':
      return 'For example: "Which citation styles are supported?" or "How do I add a chart?"';
    case 'anime-chara-helper':
      return 'For example: "How do layers work?" or "How do I generate a character with AI?"';
    case 'main':
      return 'For example: "Which model should I start with?" or "How do I write a scientific report?"';
  }
}

function rewriteAnswer(persona: Persona, target: string, tone: OfflineTone): string {
  const intro = calm(persona.voice.rewriteIntro.replace('{tone}', tone), persona);
  // The rewritten text itself is the user's, so it keeps its own punctuation even for the kuudere.
  return `${intro}\n\n> ${rewriteInTone(target, tone).replace(/\n/g, '\n> ')}\n\n${calm(pick(persona.voice.outros, target), persona)}`;
}

/** `/api/edit` offline: the four tones by rules; anything else needs a model (null). */
export function editOffline(instructions: string, text: string): string | null {
  const tone = detectTone(instructions);
  return tone ? rewriteInTone(text, tone) : null;
}

/** Splits an answer into word-sized deltas (whitespace kept) for streaming. */
export function wordDeltas(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
