// Zod-free on purpose (the sign-in dialog is in the initial bundle); the schemas are in auth-schemas.ts.
import type { User } from './auth-schemas';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 32;
export const SESSION_DAYS = 30;
/** One email rule for the client form and the server schema. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
export const ROLES = ['user', 'admin'] as const;
export type { User };

export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL_PATTERN.test(trimmed);
}

/** Messages of the sign-in dialog (first document §8); the client translates them by key. */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  unexpected: 'An unexpected error occurred',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

/** Client-side form rules of the sign-in dialog (first document §5); returns message keys. */
export type AuthFormMode = 'signin' | 'signup';
export interface AuthForm {
  email: string;
  password: string;
  username?: string;
  confirmPassword?: string;
}
export type AuthFormErrors = Partial<Record<keyof AuthForm, 'required' | 'invalidEmail' | 'tooShort' | 'tooLong' | 'usernameChars' | 'mismatch'>>;

/** The length bounds each field's message names ("At least 2 characters" for a username, 6 for a password). */
export const AUTH_FIELD_BOUNDS = {
  email: { min: 1, max: EMAIL_MAX },
  username: { min: USERNAME_MIN, max: USERNAME_MAX },
  password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  confirmPassword: { min: PASSWORD_MIN, max: PASSWORD_MAX },
} as const;

export function validateAuthForm(mode: AuthFormMode, form: AuthForm): AuthFormErrors {
  const errors: AuthFormErrors = {};
  if (!form.email.trim()) errors.email = 'required';
  else if (!isValidEmail(form.email)) errors.email = 'invalidEmail';
  if (!form.password) errors.password = 'required';
  else if (form.password.length < PASSWORD_MIN) errors.password = 'tooShort';
  else if (form.password.length > PASSWORD_MAX) errors.password = 'tooLong';
  if (mode === 'signup') {
    const username = form.username?.trim() ?? '';
    if (!username) errors.username = 'required';
    // Each failure names its own rule: "Mary Jane" is long enough, it has a space.
    else if (username.length < USERNAME_MIN) errors.username = 'tooShort';
    else if (username.length > USERNAME_MAX) errors.username = 'tooLong';
    else if (!USERNAME_PATTERN.test(username)) errors.username = 'usernameChars';
    const confirm = form.confirmPassword ?? '';
    if (!confirm) errors.confirmPassword = 'required';
    else if (confirm.length < PASSWORD_MIN) errors.confirmPassword = 'tooShort';
    else if (confirm !== form.password) errors.confirmPassword = 'mismatch';
  }
  return errors;
}
