import * as RadioGroup from '@radix-ui/react-radio-group';
import type { ReactNode } from 'react';
import { radioArrows } from './radioArrows';

export interface SegmentOption<T extends string> {
  value: T;
  label: ReactNode;
  /** A picture before the label; decorative (the label names the choice). */
  icon?: ReactNode;
  disabled?: boolean;
  title?: string;
}

/**
 * One value out of a few, shown as segments of one bar. Built on the Radix radio group (the WAI-ARIA radio
 * pattern): one tab stop, the arrow keys move and choose, Space chooses, `aria-checked` tells the choice.
 * It sets a value; switching between panels of content is what Tabs are for. Choices that need a line of
 * description, or a grid, are RadioCards.
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
  return (
    <RadioGroup.Root
      className={`segmented ${className}`}
      aria-label={label}
      value={value}
      onValueChange={(v) => onValueChange(v as T)}
      onKeyDownCapture={radioArrows((v) => onValueChange(v as T), { disabled })}
      disabled={disabled}
    >
      {options.map((o) => (
        <RadioGroup.Item key={o.value} value={o.value} className="segmented-item" disabled={o.disabled} title={o.title}>
          {o.icon}
          {o.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
