import { z } from 'zod';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 32;
export const SESSION_DAYS = 30;

/** Messages of the sign-in dialog (first document §8); the client translates them by key. */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  unexpected: 'An unexpected error occurred',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

export const emailSchema = z.string().trim().max(EMAIL_MAX).pipe(z.email());
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'Letters, digits, dot, dash and underscore only');

export const signupRequestSchema = z.strictObject({
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const ROLES = ['user', 'admin'] as const;
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authSuccessSchema = z.object({ success: z.literal(true), user: userSchema, token: z.string() });
export const authFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type AuthSuccess = z.infer<typeof authSuccessSchema>;

/** Client-side form rules of the sign-in dialog (first document §5); returns message keys. */
export type AuthFormMode = 'signin' | 'signup';
export interface AuthForm {
  email: string;
  password: string;
  username?: string;
  confirmPassword?: string;
}
export type AuthFormErrors = Partial<Record<keyof AuthForm, 'required' | 'invalidEmail' | 'tooShort' | 'tooLong' | 'mismatch'>>;

export function validateAuthForm(mode: AuthFormMode, form: AuthForm): AuthFormErrors {
  const errors: AuthFormErrors = {};
  if (!form.email.trim()) errors.email = 'required';
  else if (!emailSchema.safeParse(form.email).success) errors.email = 'invalidEmail';
  if (!form.password) errors.password = 'required';
  else if (form.password.length < PASSWORD_MIN) errors.password = 'tooShort';
  else if (form.password.length > PASSWORD_MAX) errors.password = 'tooLong';
  if (mode === 'signup') {
    const username = form.username?.trim() ?? '';
    if (!username) errors.username = 'required';
    else if (!usernameSchema.safeParse(username).success) errors.username = 'tooShort';
    const confirm = form.confirmPassword ?? '';
    if (!confirm) errors.confirmPassword = 'required';
    else if (confirm.length < PASSWORD_MIN) errors.confirmPassword = 'tooShort';
    else if (confirm !== form.password) errors.confirmPassword = 'mismatch';
  }
  return errors;
}
