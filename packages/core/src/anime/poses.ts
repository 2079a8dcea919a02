/** Spec §9 poses. `figure` is a stick figure in a 100x160 box (joints as x,y) used for the preview and the guide layer. */
export const POSE_CATEGORIES = ['standing', 'action', 'sitting', 'expression'] as const;
export type PoseCategory = (typeof POSE_CATEGORIES)[number];

export type Point = readonly [number, number];
export interface PoseFigure {
  head: Point;
  /** Polylines: spine, arms, legs. */
  lines: readonly (readonly Point[])[];
}

export interface Pose {
  id: string;
  name: string;
  description: string;
  category: PoseCategory;
  figure: PoseFigure;
}

const standing: PoseFigure['lines'] = [
  [[50, 34], [50, 90]],
  [[50, 44], [36, 70], [34, 92]],
  [[50, 44], [64, 70], [66, 92]],
  [[50, 90], [42, 124], [40, 156]],
  [[50, 90], [58, 124], [60, 156]],
];

export const POSES: readonly Pose[] = [
  { id: 'confident_stand', name: 'Confident Stand', category: 'standing', description: 'Weight on one leg, hand on the hip, chin up.', figure: { head: [50, 20], lines: [[[50, 34], [50, 90]], [[50, 44], [32, 62], [44, 84]], [[50, 44], [66, 70], [70, 94]], [[50, 90], [40, 124], [36, 156]], [[50, 90], [58, 124], [62, 156]]] } },
  { id: 'energetic_jump', name: 'Energetic Jump', category: 'action', description: 'Mid-air leap with both arms thrown up.', figure: { head: [50, 16], lines: [[[50, 30], [50, 84]], [[50, 40], [30, 22], [24, 4]], [[50, 40], [70, 22], [76, 4]], [[50, 84], [34, 104], [44, 130]], [[50, 84], [66, 104], [56, 130]]] } },
  { id: 'relaxed_sitting', name: 'Relaxed Sitting', category: 'sitting', description: 'Seated with knees bent and hands resting on the lap.', figure: { head: [46, 46], lines: [[[46, 60], [48, 112]], [[46, 70], [36, 94], [58, 108]], [[46, 70], [60, 92], [70, 108]], [[48, 112], [80, 114], [82, 152]], [[48, 112], [74, 120], [70, 156]]] } },
  { id: 'happy_smile', name: 'Happy Smile', category: 'expression', description: 'Relaxed stance, head tilted, a wide bright smile.', figure: { head: [54, 20], lines: standing } },
  { id: 'surprised_gasp', name: 'Surprised Gasp', category: 'expression', description: 'Hands raised to the face, shoulders up, eyes wide.', figure: { head: [50, 20], lines: [[[50, 34], [50, 90]], [[50, 44], [34, 56], [44, 30]], [[50, 44], [66, 56], [56, 30]], [[50, 90], [44, 124], [42, 156]], [[50, 90], [56, 124], [58, 156]]] } },
  { id: 'mischievous_smirk', name: 'Mischievous Smirk', category: 'expression', description: 'Leaning in, one finger raised, a sly half smile.', figure: { head: [44, 22], lines: [[[46, 36], [52, 90]], [[47, 46], [30, 60], [34, 38]], [[47, 46], [64, 70], [68, 92]], [[52, 90], [42, 124], [38, 156]], [[52, 90], [62, 124], [64, 156]]] } },
  { id: 'determined_fist', name: 'Determined Fist', category: 'action', description: 'Wide stance with a clenched fist raised in front.', figure: { head: [50, 20], lines: [[[50, 34], [50, 88]], [[50, 44], [70, 44], [68, 26]], [[50, 44], [34, 66], [36, 88]], [[50, 88], [32, 120], [24, 156]], [[50, 88], [68, 120], [76, 156]]] } },
  { id: 'peaceful_meditation', name: 'Peaceful Meditation', category: 'sitting', description: 'Cross-legged, back straight, hands resting on the knees.', figure: { head: [50, 50], lines: [[[50, 64], [50, 116]], [[50, 74], [32, 96], [24, 120]], [[50, 74], [68, 96], [76, 120]], [[50, 116], [24, 124], [60, 136]], [[50, 116], [76, 124], [40, 136]]] } },
];

export function getPose(id: string): Pose | undefined {
  return POSES.find((p) => p.id === id);
}
