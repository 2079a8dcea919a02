export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Word-level diff (LCS over tokens incl. whitespace); large inputs fall back to a whole replace to stay fast. */
export function diffWords(before: string, after: string): DiffPart[] {
  const ta = before.match(/\s+|[^\s]+/g) ?? [];
  const tb = after.match(/\s+|[^\s]+/g) ?? [];
  // Common head and tail are matched directly, so a local edit in a long text stays cheap.
  let head = 0;
  while (head < ta.length && head < tb.length && ta[head] === tb[head]) head += 1;
  let tail = 0;
  while (tail < ta.length - head && tail < tb.length - head && ta[ta.length - 1 - tail] === tb[tb.length - 1 - tail]) tail += 1;
  const a = ta.slice(head, ta.length - tail);
  const b = tb.slice(head, tb.length - tail);
  const prefix = ta.slice(0, head).join('');
  const suffix = ta.slice(ta.length - tail).join('');
  const wrap = (middle: DiffPart[]): DiffPart[] => [
    ...(prefix ? [{ kind: 'same' as const, text: prefix }] : []),
    ...middle,
    ...(suffix ? [{ kind: 'same' as const, text: suffix }] : []),
  ];
  if (a.length * b.length > 9_000_000) {
    return wrap([
      { kind: 'removed', text: a.join('') },
      { kind: 'added', text: b.join('') },
    ]);
  }
  const n = a.length;
  const m = b.length;
  // Uint16 cells: an LCS never exceeds the 3,000 tokens a side can have under the 9M-cell cap.
  const dp: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push('same', a[i]!);
      i += 1;
      j += 1;
    } else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < n) push('removed', a[i++]!);
  while (j < m) push('added', b[j++]!);
  return wrap(parts);
}
