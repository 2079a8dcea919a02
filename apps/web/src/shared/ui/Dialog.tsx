import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './Button';
import { CloseIcon } from './icons';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

/** Accessible modal: traps focus, closes on Escape and backdrop click (Radix), and gives focus back on close. */
export function Dialog({ open, onOpenChange, title, description, wide, children }: DialogProps) {
  const { t } = useTranslation('common');
  // Our dialogs are opened by state, not by a Radix Trigger, so Radix has no trigger to refocus: remember
  // what had focus when the dialog opened (the button that opened it) and return there on close.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
  }, [open]);
  const returnFocus = (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className={`dialog ${wide ? 'dialog-wide' : ''}`} onCloseAutoFocus={returnFocus}>
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          <RadixDialog.Close asChild>
            <IconButton className="dialog-close" label={t('close')}>
              <CloseIcon />
            </IconButton>
          </RadixDialog.Close>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
