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
  /** The client address at its last activity, masked ("203.0.113.*", "2001:db8:85a3:*"); null when unknown. */
  ip: z.string().nullable(),
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

/** Two-step sign-in (TOTP, RFC 6238): 6 digits, 30-second steps; ten single-use recovery codes. */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** A TOTP code, or a recovery code as shown ("abcd-efgh-jkmn-pqrs"; case, spaces and dashes ignored). */
export const secondStepCodeSchema = z.string().trim().min(6).max(40);

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

export const passwordOnlyRequestSchema = z.strictObject({ password: currentPasswordSchema });
export const twoStepSetupSchema = z.object({
  /** Base32 key, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG document. */
  qrSvg: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;
export const twoStepEnableRequestSchema = z.strictObject({ code: z.string().trim().regex(/^\d{6}$/) });
export const twoStepConfirmRequestSchema = z.strictObject({ password: currentPasswordSchema, code: secondStepCodeSchema });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/auth/login when two-step sign-in is on: the password was right, now the code. */
export const twoStepRequiredSchema = z.object({
  success: z.literal(false),
  twoStepRequired: z.literal(true),
  /** Single-use, five minutes: sent back with the code to POST /api/auth/login/two-step. */
  challenge: z.string(),
  error: z.string(),
  code: z.literal('TWO_STEP_REQUIRED'),
});
export type TwoStepRequired = z.infer<typeof twoStepRequiredSchema>;
export const twoStepLoginRequestSchema = z.strictObject({ challenge: z.string().min(1).max(64), code: secondStepCodeSchema });

/** DELETE /api/account: the password, and the second step when two-step sign-in is on. */
export const deleteAccountRequestSchema = z.strictObject({ password: currentPasswordSchema, code: secondStepCodeSchema.optional() });

/**
 * What a deleted account is called in the database, where its comments and versions still name it ('~' cannot
 * appear in a sign-up email or username, so it never collides with one). The app shows "Deleted account" instead.
 */
export const DELETED_ACCOUNT_PREFIX = '~deleted-';
export const isDeletedAccountName = (name: string) => name.startsWith(DELETED_ACCOUNT_PREFIX);
