/** "1.2 GB", "340 MB" in the reader's language (binary units, as the quota is set). */
export function formatBytes(bytes: number, language: string): string {
  // From kilobytes up: "0 kB" reads better than "0 byte" in every language.
  const units = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: value >= 100 || value === 0 ? 0 : 1 }).format(value);
}

/** How full the storage is, for the bar's colour and the note under it. */
export function storageLevel(used: number, quota: number): 'ok' | 'high' | 'full' {
  if (used >= quota) return 'full';
  return used >= quota * 0.9 ? 'high' : 'ok';
}
