/** Novel planning: outline templates and per-chapter word goals. */
export const OUTLINE_TEMPLATES = ['threeAct', 'kishotenketsu'] as const;
export type OutlineTemplate = (typeof OUTLINE_TEMPLATES)[number];

/** Beat ids of each template; the web translates them and the outline stores the user's notes per beat. */
export const OUTLINE_BEATS: Record<OutlineTemplate, readonly string[]> = {
  threeAct: ['setup', 'confrontation', 'resolution'],
  kishotenketsu: ['ki', 'sho', 'ten', 'ketsu'],
};

export interface Chapter {
  id: string;
  title: string;
  text: string;
  goal: number;
}
export interface NovelCharacter {
  id: string;
  name: string;
  role: string;
  notes: string;
}
export interface NovelPlan {
  template: OutlineTemplate;
  beats: Record<string, string>;
  chapters: Chapter[];
  characters: NovelCharacter[];
}

export const DEFAULT_CHAPTER_GOAL = 2000;
export const MAX_CHAPTER_GOAL = 200_000;

/** Progress toward a goal, 0..1 (a zero goal counts as done once anything is written). */
export function goalProgress(words: number, goal: number): number {
  if (goal <= 0) return words > 0 ? 1 : 0;
  return Math.min(1, words / goal);
}
