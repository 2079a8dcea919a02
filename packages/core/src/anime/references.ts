/** Spec §9 Yumi references: three images of the mascot with the four library filters. */
export const REFERENCE_FILTERS = ['all', 'classic', 'casual', 'alternative'] as const;
export type ReferenceFilter = (typeof REFERENCE_FILTERS)[number];

export interface ReferenceImage {
  id: string;
  src: string;
  title: string;
  description: string;
  tags: string[];
}

/** The pictures ship with the web app (public/anime/). */
export const YUMI_REFERENCES: readonly ReferenceImage[] = [
  { id: 'yumi-1', src: '/anime/yumi-1.svg', title: 'Yumi: Classic', description: 'Yumi in her classic purple outfit, front view.', tags: ['classic', 'front', 'full body'] },
  { id: 'yumi-2', src: '/anime/yumi-2.svg', title: 'Yumi: Casual', description: 'Yumi off duty in a hoodie, relaxed three-quarter view.', tags: ['casual', 'three-quarter', 'hoodie'] },
  { id: 'yumi-3', src: '/anime/yumi-3.svg', title: 'Yumi: Alternative', description: 'Yumi in an alternative gothic colour scheme.', tags: ['alternative', 'gothic', 'colour study'] },
];

export function filterReferences(filter: ReferenceFilter): ReferenceImage[] {
  return filter === 'all' ? [...YUMI_REFERENCES] : YUMI_REFERENCES.filter((r) => r.tags.includes(filter));
}
