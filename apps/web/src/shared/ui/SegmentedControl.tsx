import * as RadioGroup from '@radix-ui/react-radio-group';
import type { KeyboardEvent, ReactNode } from 'react';

export interface SegmentOption<T extends string> {
  value: T;
  label: ReactNode;
  /** A picture before the label; decorative (the label names the choice). */
  icon?: ReactNode;
  disabled?: boolean;
  title?: string;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * One value out of a few, shown as segments of one bar. Built on the Radix radio group (the WAI-ARIA radio
 * pattern): one tab stop, the arrow keys move and choose, Space chooses, `aria-checked` tells the choice.
 * It sets a value; switching between panels of content is what Tabs are for.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onValueChange,
  disabled,
  className = '',
}: {
  /** The group's accessible name. */
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onValueChange(value: NoInfer<T>): void;
  disabled?: boolean;
  className?: string;
}) {
  // Radix moves the focus a task after the key goes down, and chooses the focused item only if the key is still
  // down by then: a quick tap, or a second one before the first has moved, loses the choice (a test presses
  // faster than anyone). So the arrows are handled here, before Radix's own handler (which then stands aside):
  // focus and choice move together to the next enabled item, wrapping round.
  const arrow = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[e.key];
    if (!step || disabled || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const items = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)')];
    const at = items.indexOf(e.target as HTMLButtonElement);
    if (at < 0) return;
    e.preventDefault();
    const next = items[(at + step + items.length) % items.length]!;
    next.focus();
    onValueChange(next.value as T);
  };
  return (
    <RadioGroup.Root className={`segmented ${className}`} aria-label={label} value={value} onValueChange={(v) => onValueChange(v as T)} onKeyDownCapture={arrow} disabled={disabled}>
      {options.map((o) => (
        <RadioGroup.Item key={o.value} value={o.value} className="segmented-item" disabled={o.disabled} title={o.title}>
          {o.icon}
          {o.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
