import { z } from 'zod';
import { documentKindSchema, documentSummarySchema } from './documents';

/**
 * Sharing a Writing document or a Report (issue 32). A role, from least to most: a viewer reads, a commenter
 * also comments and suggests, an editor also changes the text. The owner is not a role one can be given.
 */
export const SHARE_ROLES = ['viewer', 'commenter', 'editor'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];
export const shareRoleSchema = z.enum(SHARE_ROLES);
export type DocumentRole = ShareRole | 'owner';

/** Bounds: people with access to one document (members and pending invitations), links per document. */
export const MAX_SHARES_PER_DOCUMENT = 50;
export const MAX_LINKS_PER_DOCUMENT = 5;

/** Whether a role may do what `needed` may (owner > editor > commenter > viewer). */
export function roleAllows(role: DocumentRole | null | undefined, needed: DocumentRole): boolean {
  if (!role) return false;
  const rank = (r: DocumentRole) => (r === 'owner' ? 3 : SHARE_ROLES.indexOf(r));
  return rank(role) >= rank(needed);
}

export const shareMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  role: shareRoleSchema,
  createdAt: z.string(),
});
export type ShareMember = z.infer<typeof shareMemberSchema>;

/** An invitation mailed to an address with no account yet: it becomes a member when the link is followed. */
export const shareInviteSchema = z.object({ id: z.uuid(), email: z.string(), role: shareRoleSchema, createdAt: z.string() });
export type ShareInvite = z.infer<typeof shareInviteSchema>;

/** A link anyone signed in can follow to get the role (its secret is shown once, when it is made). */
export const shareLinkSchema = z.object({ id: z.uuid(), role: shareRoleSchema, createdAt: z.string() });
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** Who has access to a document. Invitations and links are listed to the owner only. */
export const documentAccessSchema = z.object({
  documentId: z.uuid(),
  kind: documentKindSchema,
  role: z.enum(['owner', ...SHARE_ROLES]),
  owner: z.object({ userId: z.uuid(), name: z.string() }),
  members: z.array(shareMemberSchema),
  invites: z.array(shareInviteSchema),
  links: z.array(shareLinkSchema),
});
export type DocumentAccess = z.infer<typeof documentAccessSchema>;

export const shareParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });
export const inviteParamsSchema = z.object({ id: z.uuid(), inviteId: z.uuid() });
export const linkParamsSchema = z.object({ id: z.uuid(), linkId: z.uuid() });

export const addShareSchema = z.strictObject({ email: z.email().max(254), role: shareRoleSchema });
/** Either the account that now has access, or the invitation mailed to an address without one. */
export const addShareResultSchema = z.object({ member: shareMemberSchema.nullable(), invite: shareInviteSchema.nullable() });
export const changeShareSchema = z.strictObject({ role: shareRoleSchema });
export const createLinkSchema = z.strictObject({ role: shareRoleSchema });
/** The link's secret travels only in this answer: `url` is what the owner copies. */
export const createdLinkSchema = z.object({ link: shareLinkSchema, url: z.string() });

/** Following a link or an invitation (the token from /share/<token>). */
export const acceptShareSchema = z.strictObject({ token: z.string().min(20).max(100) });
export const acceptedShareSchema = z.object({ documentId: z.uuid(), kind: documentKindSchema, role: z.enum(['owner', ...SHARE_ROLES]) });

/** A document someone else owns and shared with me. */
export const sharedDocumentSchema = documentSummarySchema.extend({ role: shareRoleSchema, ownerName: z.string() });
export type SharedDocument = z.infer<typeof sharedDocumentSchema>;
export const sharedListQuerySchema = z.object({ kind: documentKindSchema.optional() });
export const sharedListSchema = z.object({ documents: z.array(sharedDocumentSchema) });
