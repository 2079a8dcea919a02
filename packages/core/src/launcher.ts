import { MODE_IDS, type ModeId } from './modes';

/** Local storage keys of the shell (first document §7). Language is `language` (see i18n setup). */
export const STORAGE_KEYS = {
  layout: 'yumi.layout',
  background: 'yumi.background',
  panels: 'yumi.panels',
  customBackground: 'yumi.customBackground',
  savedLayout: 'yumi.savedLayout',
  language: 'language',
  installedModes: 'yumi.installedModes',
  usageStats: 'yumi.modeUsage',
} as const;

/**
 * 'Modes available' on the launcher: every mode while online; offline only the installed ones
 * (the core modes plus what was installed for offline use).
 */
export function availableModeCount(installed: readonly ModeId[], online: boolean): number {
  return online ? MODE_IDS.length : MODE_IDS.filter((m) => installed.includes(m)).length;
}

/** Platform of a visitor from its user agent, for the Recommended desktop installer. */
export type DesktopPlatform = 'windows' | 'mac' | 'other';
export function detectPlatform(userAgent: string, platform = ''): DesktopPlatform {
  const s = `${userAgent} ${platform}`;
  if (/iPhone|iPad|iPod|Android/i.test(s)) return 'other';
  if (/Win/i.test(s)) return 'windows';
  if (/Mac/i.test(s)) return 'mac';
  return 'other';
}

/** A phone or tablet, where the download section opens on the mobile steps (iPadOS reports a Mac with touch). */
export function isMobileDevice(userAgent: string, platform = '', maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod|Android|Mobile/i.test(userAgent) || (/Mac/i.test(`${platform} ${userAgent}`) && maxTouchPoints > 1);
}

export const INSTALLER_REQUIREMENTS = { windows: 'Windows 10 or higher', mac: 'macOS 10.15 or higher' } as const;
/** Recognised installer files under /installers/: a Windows setup exe and a macOS dmg. */
export function installerPlatform(filename: string): 'windows' | 'mac' | null {
  if (/\.(exe|msi)$/i.test(filename)) return 'windows';
  if (/\.(dmg|pkg)$/i.test(filename)) return 'mac';
  return null;
}
