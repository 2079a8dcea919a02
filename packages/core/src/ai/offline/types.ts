import type { AssistantMode } from '../chat';
import type { PersonaKey } from '../personas';
import type { OfflineTone } from '../tones';

/** How one persona sounds in one language (the layout style and exclamation rule stay the persona's). */
export interface OfflineVoiceText {
  /** First line of a conversation. */
  greeting: string;
  /** Lead-ins before a retrieved answer (exactly three). */
  intros: [string, string, string];
  /** Sign-offs after an answer (exactly three). */
  outros: [string, string, string];
  /** Said when a task needs a real language model. */
  needsModel: string;
  /** Said when nothing in the knowledge base matches. */
  noMatch: string;
  /** Lead-in before a rule-based rewrite; `{tone}` is replaced by the tone's name. */
  rewriteIntro: string;
}

/**
 * Everything the offline `local` provider says, in one language: the persona voices, its own phrases, and the words that tell it what kind of request it got.
 * FAQ answers are not here: they are read from the web app's translation files (helper namespace).
 */
export interface OfflineLocale {
  voices: Record<PersonaKey, OfflineVoiceText>;
  phrases: {
    /** What the offline assistant can do (exactly three items). */
    capabilities: [string, string, string];
    /** What it cannot do, said plainly. */
    cannot: string;
    /** Before the capability list in the normal voices. */
    offlineIntro: string;
    /** Before the capability list of the terse (kuudere) voice. */
    offlineTerse: string;
    /** Refusal when asked for keys, passwords or instructions; and its terse form. */
    refusal: string;
    refusalTerse: string;
    /** Asked for a tone rewrite without any text; `{tone}` is the tone's name. */
    rewriteHow: string;
    /** Rule-based rewriting works on English text only; said when the text is in another script. */
    rewriteEnglishOnly: string;
    /** Said before the closest topics when no article matched well enough to answer. */
    unsure: string;
    /** A pointer to a second article; `{title}` is its title. */
    seeAlso: string;
    /** Example questions per assistant mode, shown when nothing matched. */
    examples: Record<AssistantMode, string>;
    /** The tone names. */
    tones: Record<OfflineTone, string>;
  };
  /** Patterns over the user's message, in this language (the English ones always apply too). */
  patterns: {
    greeting: RegExp;
    aboutYou: RegExp;
    secrets: RegExp;
    /** Questions about one's own password (reset, change): help, even though they name a secret. */
    accountHelp: RegExp;
    generative: RegExp;
    question: RegExp;
    rewrite: RegExp;
    tones: Record<OfflineTone, RegExp>;
  };
}
