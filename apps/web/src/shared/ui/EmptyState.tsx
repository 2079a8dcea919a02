import type { ReactNode } from 'react';
import { Inbox, type LucideIcon } from 'lucide-react';

/** What a list shows when it has nothing yet: an icon, one sentence, and the action that fills it. */
export function EmptyState({ icon: Icon = Inbox, message, action }: { icon?: LucideIcon; message: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <Icon aria-hidden="true" focusable="false" />
      <p>{message}</p>
      {action}
    </div>
  );
}
