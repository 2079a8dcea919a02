import { describe, expect, it } from 'vitest';
import { availableModeCount, detectPlatform, isMobileDevice } from './launcher';
import {
  assertCanInstall,
  assertCanUninstall,
  modeComponentRoute,
  modeForLocation,
  normaliseInstalled,
  normaliseUsage,
  recordModeOpen,
  recordModeTime,
  MODE_MESSAGES,
} from './modes';
import { TOOL_CATALOGUE, toolCount } from './tools';

describe('mode manager rules', () => {
  it('keeps the core modes installed whatever storage says', () => {
    expect(normaliseInstalled('garbage')).toEqual(['writing', 'report']);
    expect(normaliseInstalled(['image', 'image', '<script>', 'writing'])).toEqual(['writing', 'report', 'image']);
  });

  it('throws the spec messages', () => {
    const installed = ['writing', 'report', 'anime'];
    expect(() => assertCanInstall(installed, 'paint')).toThrow('Mode paint not found');
    expect(() => assertCanInstall(installed, 'anime')).toThrow('Mode anime is already installed');
    expect(assertCanInstall(installed, 'image')).toBe('image');
    expect(() => assertCanUninstall(installed, 'writing')).toThrow('Cannot uninstall core mode: writing');
    expect(() => assertCanUninstall(installed, 'image')).toThrow('Mode image is not installed');
    expect(assertCanUninstall(installed, 'anime')).toBe('anime');
    expect(MODE_MESSAGES.installationFailed()).toBe('Installation failed: Unknown error occurred');
    expect(MODE_MESSAGES.installationFailed('quota')).toBe('Installation failed: quota');
    expect(() => modeComponentRoute('Nope')).toThrow('Unknown component: Nope');
    expect(modeComponentRoute('AnimeCharaHelper')).toBe('/anime-chara');
  });

  it('maps locations to modes', () => {
    expect(modeForLocation('/writing', '')).toBe('writing');
    expect(modeForLocation('/writing', '?screen=report')).toBe('report');
    expect(modeForLocation('/writing-helper', '?a=1&screen=report')).toBe('report');
    expect(modeForLocation('/anime-chara', '')).toBe('anime');
    expect(modeForLocation('/image', '')).toBe('image');
    expect(modeForLocation('/', '')).toBeNull();
  });

  it('records usage and ignores hostile stored stats', () => {
    const stats = normaliseUsage({ anime: { count: -3, lastUsed: '<img>', totalTime: 'x' }, evil: { count: 1 } });
    expect(stats).toEqual({ anime: { count: 0, lastUsed: null, totalTime: 0 } });
    const opened = recordModeOpen(stats, 'anime', new Date('2026-01-01T00:00:00Z'));
    expect(opened.anime).toEqual({ count: 1, lastUsed: '2026-01-01T00:00:00.000Z', totalTime: 0 });
    expect(recordModeTime(opened, 'anime', 1500).anime!.totalTime).toBe(1500);
    expect(recordModeTime(opened, 'anime', -5)).toBe(opened);
  });

  it('counts available modes and detects platforms', () => {
    expect(availableModeCount(['writing', 'report'], true)).toBe(4);
    expect(availableModeCount(['writing', 'report', 'anime'], false)).toBe(3);
    expect(detectPlatform('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)')).toBe('mac');
    expect(detectPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('other');
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile')).toBe(true);
    // iPadOS asks for the desktop site: a Mac that has a touch screen.
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)).toBe(false);
    expect(isMobileDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Win32', 0)).toBe(false);
  });

  it('has a tool catalogue with unique ids per mode covering every mode', () => {
    const keys = TOOL_CATALOGUE.map((t) => `${t.mode}:${t.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(TOOL_CATALOGUE.map((t) => t.mode))).toEqual(new Set(['writing', 'report', 'anime', 'image']));
    expect(TOOL_CATALOGUE.filter((t) => t.mode === 'writing')).toHaveLength(10);
    expect(toolCount()).toBeGreaterThanOrEqual(47);
  });
});
