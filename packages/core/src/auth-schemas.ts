import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, ROLES, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from './auth';

export const emailSchema = z.string().trim().max(EMAIL_MAX).regex(EMAIL_PATTERN, 'Invalid email address');
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(USERNAME_PATTERN, 'Letters, digits, dot, dash and underscore only');

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

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  /** The address was proven by a link sent to it; the admin role needs it. */
  emailVerified: z.boolean(),
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

