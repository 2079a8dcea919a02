import { create } from 'zustand';
import { useTranslation } from 'react-i18next';
import { IconButton } from './Button';
import { CloseIcon } from './icons';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}
interface ToastState {
  toasts: Toast[];
  push(kind: ToastKind, message: string, ms?: number): void;
  dismiss(id: number): void;
}

let nextId = 1;
const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push: (kind, message, ms = 5000) => {
    const id = nextId++;
    set({ toasts: [...get().toasts.filter((t) => t.message !== message), { id, kind, message }] });
    if (ms > 0) setTimeout(() => get().dismiss(id), ms);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

export const toast = (kind: ToastKind, message: string, ms?: number) => useToasts.getState().push(kind, message, ms);

export function Toasts() {
  const { t } = useTranslation('common');
  const { toasts, dismiss } = useToasts();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((item) => (
        <div key={item.id} className={`alert alert-${item.kind} toast`}>
          <span>{item.message}</span>
          <IconButton label={t('close')} onClick={() => dismiss(item.id)} style={{ width: 24, height: 24, border: 0, background: 'transparent' }}>
            <CloseIcon />
          </IconButton>
        </div>
      ))}
    </div>
  );
}
