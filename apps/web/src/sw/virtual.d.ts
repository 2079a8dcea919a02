declare module 'virtual:offline-plan' {
  import type { ModePlan } from '../features/modes/offlinePlan';
  /** Installable modes' precache lists, computed at build time (vite.config.ts). */
  export const MODE_PLANS: Record<string, ModePlan>;
}
