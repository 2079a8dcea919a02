/** Spec §3 layer blend modes (the same list as @yumi/paint's BLEND_MODES; core has no dependency on it). */
export const BLEND_MODE_NAMES = ['normal', 'multiply', 'screen', 'overlay', 'darken', 'lighten'] as const;
