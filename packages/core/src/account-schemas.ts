import { z } from 'zod';
import { currentPasswordSchema, secondStepCodeSchema } from './account';
import { emailSchema, passwordSchema } from './auth-schemas';

/** A one-time link's token as sent by mail: 43 base64url characters (256 random bits). */
export const accountTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid link');

export const verifyEmailRequestSchema = z.strictObject({ token: accountTokenSchema });
/** `changed`: the link moved the account to this new address (a change of address), not just confirmed it. */
export const verifyEmailResponseSchema = z.object({ emailVerified: z.literal(true), email: z.string(), changed: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** Answer of every request that sends a mail (always the same, whether or not an account exists). */
export const mailQueuedResponseSchema = z.object({ accepted: z.literal(true) });

/** "Forgot password?": always answered 202 with the same body, whether or not the address has an account. */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
/** The new password follows the sign-up rules; `code` is the second step when two-step sign-in is on. */
export const passwordResetConfirmSchema = z.strictObject({ token: accountTokenSchema, password: passwordSchema, code: secondStepCodeSchema.optional() });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** Change of address: the current password, then a link to the new address (and a notice to the old one). */
export const changeEmailRequestSchema = z.strictObject({ email: emailSchema, password: currentPasswordSchema });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

export const ADMIN_AUDIT_ACTIONS = ['role.grant', 'role.revoke', 'art.approve', 'art.reject', 'connection.add', 'connection.remove'] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The admin's email at the time, or how a role changed: 'command line' or 'ADMIN_EMAILS'. */
  actor: z.string(),
  action: z.enum(ADMIN_AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Entries older than this id (the last id of the previous page). */
  before: z.coerce.number().int().positive().optional(),
});
export const adminAuditResponseSchema = z.object({ entries: z.array(adminAuditEntrySchema), nextBefore: z.number().int().nullable() });
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;
