import type { KeyboardEvent } from 'react';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The next enabled radio from `at` by `step`, wrapping round the ends. */
function around(items: HTMLButtonElement[], at: number, step: number) {
  const n = items.length;
  for (let i = 1; i < n; i++) {
    const next = items[(((at + step * i) % n) + n) % n]!;
    if (!next.disabled) return next;
  }
  return null;
}

/** The next enabled radio from `at` by `step`, stopping at the ends (a grid has edges). */
function along(items: HTMLButtonElement[], at: number, step: number) {
  for (let i = at + step; i >= 0 && i < items.length; i += step) if (!items[i]!.disabled) return items[i]!;
  return null;
}

/**
 * The arrow keys of a Radix radio group, for its root's onKeyDownCapture. Radix moves the focus a task after
 * the key goes down, and chooses the focused item only if the key is still down by then: a quick tap, or a
 * second one before the first has moved, loses the choice (a test presses faster than anyone). So the arrows
 * are handled here, before Radix's own handler (which then stands aside): focus and choice move together.
 * In a line the arrows wrap round; in a grid of `columns`, Left and Right go back and forth in reading order
 * and Up and Down move a row, stopping at the edges.
 */
export function radioArrows(choose: (value: string) => void, { disabled, columns }: { disabled?: boolean; columns?: number } = {}) {
  return (e: KeyboardEvent<HTMLElement>) => {
    const step = STEP[e.key];
    if (!step || disabled || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const items = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]')];
    const at = items.indexOf(e.target as HTMLButtonElement);
    if (at < 0) return;
    e.preventDefault();
    const vertical = e.key === 'ArrowUp' || e.key === 'ArrowDown';
    const next = !columns ? around(items, at, step) : along(items, at, vertical ? step * columns : step);
    if (!next) return;
    next.focus();
    choose(next.value);
  };
}
