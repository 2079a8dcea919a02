import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import './form.css';

/**
 * The one form shape of the account screens and the sign-in steps: labelled fields whose error (or hint) is
 * tied to the input for screen readers, one announced failure or success note, and the actions (submit,
 * busy while the request runs; cancel when there is something to go back to).
 */

export interface FieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className'
> {
  /** A readable prefix: the element's id is made unique per field, as two forms can share a page (a sign-in
   * dialog over a page that shows its own sign-in form), and a repeated id would leave the dialog's fields unnamed. */
  id: string;
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string | null;
  hint?: ReactNode;
}

export function Field({ id: prefix, label, value, onValue, error, hint, ...input }: FieldProps) {
  const id = `${prefix}-${useId()}`;
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
      {error ? (
        <span id={note} className="field-error" role="alert">
          {error}
        </span>
      ) : (
        hint && (
          <span id={note} className="muted small">
            {hint}
          </span>
        )
      )}
    </div>
  );
}

type ShortFieldProps = Omit<FieldProps, 'label' | 'type'> & { label?: string };

/** The current password, asked again before a change that matters. */
export function CurrentPasswordField(props: ShortFieldProps) {
  const { t } = useTranslation('common');
  return (
    <Field
      label={t('account.password.currentPassword')}
      type="password"
      autoComplete="current-password"
      {...props}
    />
  );
}

/**
 * A second-step code: the authenticator app's six digits, or also a recovery code (`recovery`, the default),
 * which the hint then mentions.
 */
export function CodeField({ recovery = true, ...props }: ShortFieldProps & { recovery?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Field
      label={t('auth.twoStep.code')}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      spellCheck={false}
      maxLength={40}
      hint={recovery ? t('auth.twoStep.recoveryHint') : t('account.twoStep.codeHint')}
      {...props}
    />
  );
}

/** A form's failure (announced at once) or its success (announced politely); nothing when empty. */
export function FormNote({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <p className="alert alert-error form-note" role="alert">
        {error}
      </p>
    );
  }
  if (!success) return null;
  return (
    <p className="alert alert-success form-note" role="status">
      {success}
    </p>
  );
}

interface FormActionsProps {
  submitLabel: string;
  busy: boolean;
  /** Shown on the submit button while busy (default "Processing…"). */
  busyLabel?: string;
  variant?: 'primary' | 'danger';
  onCancel?: () => void;
  cancelLabel?: string;
  /** Full-width buttons, one under the other (the narrow sign-in dialog and link pages). */
  block?: boolean;
}

function FormActions({
  submitLabel,
  busy,
  busyLabel,
  variant = 'primary',
  onCancel,
  cancelLabel,
  block,
}: FormActionsProps) {
  const { t } = useTranslation('common');
  return (
    <div className={block ? 'form-actions form-actions-block' : 'form-actions'}>
      <Button type="submit" variant={variant} block={block} disabled={busy} aria-busy={busy || undefined}>
        {busy ? (busyLabel ?? t('auth.processing')) : submitLabel}
      </Button>
      {onCancel && (
        <Button variant={block ? 'ghost' : 'secondary'} block={block} onClick={onCancel}>
          {cancelLabel ?? t('cancel')}
        </Button>
      )}
    </div>
  );
}

export interface FormProps extends FormActionsProps {
  /** The form's accessible name. */
  label: string;
  onSubmit(): void;
  error?: string | null;
  success?: string | null;
  className?: string;
  children: ReactNode;
}

/** Fields, the note, then the actions; submitting never reloads and browser validation stays off (ours is localized). */
export function Form({ label, onSubmit, error, success, className, children, ...actions }: FormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!actions.busy) onSubmit();
  };
  return (
    <form className={className} onSubmit={submit} noValidate aria-label={label}>
      {children}
      <FormNote error={error} success={success} />
      <FormActions {...actions} />
    </form>
  );
}
