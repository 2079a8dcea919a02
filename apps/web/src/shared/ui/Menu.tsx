import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export interface MenuItem {
  id: string;
  label: ReactNode;
  onSelect(): void;
  danger?: boolean;
  disabled?: boolean;
}

/** A button that opens a list of actions (Radix: arrow keys, type-ahead, Escape returns focus to the button). */
export function Menu({ trigger, items, align = 'end' }: { trigger: ReactNode; items: MenuItem[]; align?: 'start' | 'end' }) {
  return (
    // Not modal: the rest of the page is not hidden from assistive technology while a small menu is open
    // (a modal menu leaves the skip link focusable inside aria-hidden content).
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="menu" align={align} sideOffset={6}>
          {items.map((item) => (
            <RadixMenu.Item key={item.id} className={`menu-item${item.danger ? ' menu-item-danger' : ''}`} disabled={item.disabled} onSelect={item.onSelect}>
              {item.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
