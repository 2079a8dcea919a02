import { z } from 'zod';
import { PASSWORD_MAX } from './auth';
import { passwordSchema, usernameSchema, userSchema } from './auth-schemas';

/** Most sessions the account page lists (newest activity first); older ones can still be ended all at once. */
export const SESSIONS_LIST_MAX = 100;

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'bot', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** One live session of the signed-in user, as GET /api/auth/sessions lists it. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** Browser name and major version from the User-Agent ("Chrome 131"); null when it names none. */
  browser: z.string().nullable(),
  /** Operating system and version ("Windows 10", "iOS 18.1"); null when unknown. */
  os: z.string().nullable(),
  device: z.enum(DEVICE_TYPES),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListSchema = z.object({
  sessions: z.array(sessionInfoSchema),
  /** Live sessions in all, when more than SESSIONS_LIST_MAX exist. */
  total: z.number().int().nonnegative(),
});
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionIdParamsSchema = z.strictObject({ id: z.uuid() });

export const endedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });

/**
 * The current password is checked as typed (any length up to the cap), so an account whose password
 * predates a stricter rule can still change it; the new one follows the sign-up rule.
 */
export const currentPasswordSchema = z.string().min(1).max(PASSWORD_MAX);

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The display name is the username shown everywhere (unique, the sign-up rules). */
export const updateProfileRequestSchema = z.strictObject({ username: usernameSchema });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  /** Other sessions ended by the change. */
  endedSessions: z.number().int().nonnegative(),
});
export const profileResponseSchema = userSchema;

/** Error codes of the account endpoints, for the client to pick its message. */
export const ACCOUNT_ERRORS = {
  wrongPassword: 'WRONG_PASSWORD',
  samePassword: 'SAME_PASSWORD',
} as const;
