import { describe, expect, it } from 'vitest';
import { formatBytes, storageLevel } from './storage';

describe('account storage display', () => {
  it('formats sizes in binary units in the reader’s language', () => {
    expect(formatBytes(0, 'en')).toBe('0 kB');
    expect(formatBytes(512, 'en')).toBe('0.5 kB');
    expect(formatBytes(1_073_741_824, 'en')).toBe('1 GB');
    expect(formatBytes(350 * 1024 * 1024, 'en')).toBe('350 MB');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(1536, 'ja')).toMatch(/1\.5\s?[kK]B/);
  });
  it('says when the storage is nearly or completely full', () => {
    expect(storageLevel(0, 100)).toBe('ok');
    expect(storageLevel(89, 100)).toBe('ok');
    expect(storageLevel(90, 100)).toBe('high');
    expect(storageLevel(100, 100)).toBe('full');
    expect(storageLevel(150, 100)).toBe('full');
  });
});
