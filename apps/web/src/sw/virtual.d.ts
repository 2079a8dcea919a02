declare module 'virtual:offline-plan' {
  import type { ModePlan } from '../shared/modes/offlinePlan';
  /** Installable modes' precache lists, computed at build time (vite.config.ts). */
  export const MODE_PLANS: Record<string, ModePlan>;
}
