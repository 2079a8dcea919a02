import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

/**
 * Tabs switch between panels of content, with the WAI-ARIA keyboard pattern (arrows, Home, End) from Radix; one
 * look for every screen: an underline under the active tab, joined to its panel. (A value chosen out of a few is a
 * SegmentedControl, a bar of pills: the two never look alike.)
 */
export function Tabs({ items, value, onValueChange, label }: { items: TabItem[]; value?: string; onValueChange?(id: string): void; label: string }) {
  return (
    <RadixTabs.Root className="tabs" value={value} defaultValue={value === undefined ? items[0]?.id : undefined} onValueChange={onValueChange}>
      <RadixTabs.List className="tabs-list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.id} value={item.id} className="tabs-trigger" disabled={item.disabled}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.id} value={item.id} className="tabs-content">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
