import type { CreativeControlSettings } from './control';
import type { UserHistory } from './history';

/**
 * The spec's confidence formula (§9): starts at 0.5; +0.3 precise, +0.2 balanced, +0.1 for a personality
 * other than none, +0.1 with recent themes, +0.1 with favourite styles; capped at 1.
 */
export function computeConfidence(
  settings: Pick<CreativeControlSettings, 'level' | 'yumiPersonality'>,
  history: Pick<UserHistory, 'recentThemes' | 'favoriteStyles'>,
): number {
  let c = 0.5;
  if (settings.level === 'precise') c += 0.3;
  if (settings.level === 'balanced') c += 0.2;
  if (settings.yumiPersonality !== 'none') c += 0.1;
  if (history.recentThemes.length > 0) c += 0.1;
  if (history.favoriteStyles.length > 0) c += 0.1;
  // Rounded to tenths so floating sums read 0.8, not 0.7999999.
  return Math.min(1, Math.round(c * 10) / 10);
}

/** The alternative version sits one step below the main one (0.8 main, 0.7 alternative at the defaults). */
export function alternativeConfidence(main: number): number {
  return Math.max(0, Math.round((main - 0.1) * 10) / 10);
}
