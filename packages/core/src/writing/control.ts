/** Creative control settings of the Writing and Report Helpers (first document §3, §4). */
export const CONTROL_LEVELS = ['precise', 'balanced', 'freestyle'] as const;
export type ControlLevel = (typeof CONTROL_LEVELS)[number];

/** Persona keys Yumi can take, plus 'none' for a neutral voice (the confidence formula counts non-none). */
export const YUMI_PERSONALITIES = ['none', 'otaku', 'tsundere', 'teacher', 'imouto', 'classmate', 'kuudere', 'genki'] as const;
export type YumiPersonality = (typeof YUMI_PERSONALITIES)[number];

export interface CreativeControlSettings {
  level: ControlLevel;
  yumiPersonality: YumiPersonality;
  allowSuggestions: boolean;
  memoryNudges: boolean;
  iterativeMode: boolean;
}

export const HELPER_MODES = ['writing', 'report'] as const;
export type HelperMode = (typeof HELPER_MODES)[number];

/** Writing defaults to the otaku persona, the report helper to the teacher; both start balanced. */
export function defaultControlSettings(mode: HelperMode): CreativeControlSettings {
  return {
    level: 'balanced',
    yumiPersonality: mode === 'report' ? 'teacher' : 'otaku',
    allowSuggestions: true,
    memoryNudges: true,
    iterativeMode: true,
  };
}

/**
 * Choosing a level rewrites the dependent switches: precise turns suggestions and iterative mode off,
 * balanced turns both on, freestyle allows suggestions without iterating; memory nudges are off for
 * freestyle only.
 */
export function applyControlLevel(settings: CreativeControlSettings, level: ControlLevel): CreativeControlSettings {
  const byLevel: Record<ControlLevel, Pick<CreativeControlSettings, 'allowSuggestions' | 'iterativeMode' | 'memoryNudges'>> = {
    precise: { allowSuggestions: false, iterativeMode: false, memoryNudges: true },
    balanced: { allowSuggestions: true, iterativeMode: true, memoryNudges: true },
    freestyle: { allowSuggestions: true, iterativeMode: false, memoryNudges: false },
  };
  return { ...settings, level, ...byLevel[level] };
}

/** The suggestions checkbox cannot be changed at the precise level. */
export function isSuggestionsLocked(level: ControlLevel): boolean {
  return level === 'precise';
}

/** How free a model continuation is at each level (sampling temperature). */
export function temperatureFor(level: ControlLevel): number {
  return level === 'precise' ? 0.3 : level === 'balanced' ? 0.7 : 1.0;
}

/** Generate Versions needs non-blank text and iterative mode on (§4, §5). */
export function canGenerateVersions(text: string, settings: Pick<CreativeControlSettings, 'iterativeMode'>): boolean {
  return text.trim().length > 0 && settings.iterativeMode;
}

/** A refinement request is honoured only at balanced or when suggestions are allowed (§4). */
export function canRefine(settings: Pick<CreativeControlSettings, 'level' | 'allowSuggestions'>): boolean {
  return settings.level === 'balanced' || settings.allowSuggestions;
}
