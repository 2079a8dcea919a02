import * as RadioGroup from '@radix-ui/react-radio-group';
import { useId, type ReactNode } from 'react';
import { radioArrows } from './radioArrows';

interface RadioCardOption<T extends string> {
  value: T;
  /** The card's name; in tiles, a small picture or sign, with `name` saying it in words. */
  label: ReactNode;
  /** A line under the name, read as the card's description. */
  description?: ReactNode;
  /** A picture above the name; decorative (the name says the choice). */
  media?: ReactNode;
  /** The accessible name, for a label that is not words. */
  name?: string;
  disabled?: boolean;
}

/** The group's accessible name, or the id of an element on screen that says it. */
type GroupName = { label: string; labelledBy?: undefined } | { labelledBy: string; label?: undefined };

/**
 * One value out of several, each a card with a name and a line of description, or (`tiles`) a small square
 * with a sign: the Radix radio group, as SegmentedControl, for choices a word in a bar does not explain. One
 * tab stop; the arrow keys move and choose; screen readers hear radio buttons, the name, then the description.
 * With `columns`, the cards form that grid and Up and Down move a row (a 3 x 3 anchor picker). A plain row or
 * a grid laid out by `className` keeps the arrows in one line.
 */
export function RadioCards<T extends string>({
  label,
  labelledBy,
  options,
  value,
  onValueChange,
  columns,
  tiles = false,
  disabled,
  className = '',
}: GroupName & {
  options: readonly RadioCardOption<T>[];
  value: T;
  onValueChange(value: NoInfer<T>): void;
  columns?: number;
  tiles?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <RadioGroup.Root
      className={`radio-cards${tiles ? ' radio-tiles' : ''} ${className}`}
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      value={value}
      onValueChange={(v) => onValueChange(v as T)}
      onKeyDownCapture={radioArrows((v) => onValueChange(v as T), { disabled, columns })}
      disabled={disabled}
      style={columns ? { gridTemplateColumns: `repeat(${columns}, ${tiles ? 'max-content' : 'minmax(0, 1fr)'})` } : undefined}
    >
      {options.map((o) => (
        <RadioGroup.Item
          key={o.value}
          value={o.value}
          className="radio-card"
          disabled={o.disabled}
          aria-label={o.name}
          aria-labelledby={o.name ? undefined : `${id}-${o.value}`}
          aria-describedby={o.description ? `${id}-${o.value}-d` : undefined}
        >
          {o.media}
          <span className="radio-card-label" id={`${id}-${o.value}`} aria-hidden={o.name ? true : undefined}>
            {o.label}
          </span>
          {o.description && (
            <span className="radio-card-desc" id={`${id}-${o.value}-d`}>
              {o.description}
            </span>
          )}
          {!tiles && <RadioGroup.Indicator className="radio-card-check" />}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
