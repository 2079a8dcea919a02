import {
  alternativeConfidence,
  buildRefinementQuestions,
  canGenerateVersions,
  computeConfidence,
  EDIT_TEXT_MAX_CHARS,
  refinementChips,
  versionInstructions,
  type CreativeControlSettings,
  type UserHistory,
} from '@yumi/core';
import type { Version } from '../../../shared/writing';
import type { AiContext } from './ai';

export type EditFn = (body: { instructions: string; text: string; context?: AiContext }, signal?: AbortSignal) => Promise<string>;

export class VersionsRefused extends Error {
  constructor(readonly reason: 'empty' | 'notIterative' | 'tooLong') {
    super(reason);
  }
}

/**
 * Generate Versions (§4): needs non-blank text and iterative mode; a main version from the model with the
 * spec's confidence, and an alternative (one step lower) only when suggestions are allowed.
 */
export async function generateVersions(input: {
  text: string;
  control: CreativeControlSettings;
  history: UserHistory;
  ai: AiContext;
  refinement?: string;
  edit: EditFn;
  signal?: AbortSignal;
  idPrefix?: string;
}): Promise<Version[]> {
  const { text, control, history, ai, refinement, edit, signal } = input;
  if (!text.trim()) throw new VersionsRefused('empty');
  if (!canGenerateVersions(text, control)) throw new VersionsRefused('notIterative');
  if (text.length > EDIT_TEXT_MAX_CHARS) throw new VersionsRefused('tooLong');
  const confidence = computeConfidence(control, history);
  const suggested = refinementChips(buildRefinementQuestions(text, control, history)).map((c) => c.option.label);
  const meta = (aiConfidence: number) => ({ aiConfidence, refinementsSuggested: suggested, personalityInfluence: control.yumiPersonality });
  const prefix = input.idPrefix ?? String(Date.now());
  const [main, alternative] = await Promise.all([
    edit({ instructions: versionInstructions('main', control.level, refinement), text, context: ai }, signal),
    control.allowSuggestions ? edit({ instructions: versionInstructions('alternative', control.level, refinement), text, context: ai }, signal) : Promise.resolve(null),
  ]);
  const versions: Version[] = [{ id: `${prefix}-main`, type: 'main', content: main, metadata: meta(confidence) }];
  if (alternative !== null) versions.push({ id: `${prefix}-alt`, type: 'alternative', content: alternative, metadata: meta(alternativeConfidence(confidence)) });
  return versions;
}
