import { createHash, randomBytes } from 'node:crypto';
import {
  MAX_DOCUMENTS_PER_USER,
  MAX_LINKS_PER_DOCUMENT,
  MAX_SHARES_PER_DOCUMENT,
  type DocumentAccess,
  type DocumentRole,
  type Language,
  type SharedDocument,
  type ShareInvite,
  type ShareMember,
  type ShareRole,
  type User,
} from '@yumi/core';
import type { AppContext } from '../../context';
import { findUserByEmail, publicOrigin, usernamesByIds } from '../auth';
import { announceAccessChange, documentRole } from './access';
import type { DocumentKind } from './repository';
import * as errors from './sharing-errors';
import { renderShareMail } from './sharing-mail';
import * as repo from './sharing-repository';

const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toMember = (row: repo.ShareRow, name: string): ShareMember => ({ userId: row.userId, name, role: row.role, createdAt: row.createdAt.toISOString() });
const toInvite = (row: repo.TokenRow): ShareInvite => ({ id: row.id, email: row.email ?? '', role: row.role, createdAt: row.createdAt.toISOString() });

/** The caller's role; a stranger gets the 404 of a missing document, so ids reveal nothing. */
async function roleOn(ctx: AppContext, userId: string, documentId: string): Promise<DocumentRole> {
  const role = await documentRole(ctx.db, userId, documentId);
  if (!role) throw errors.documentNotFound();
  return role;
}

async function ownerOnly(ctx: AppContext, userId: string, documentId: string): Promise<void> {
  if ((await roleOn(ctx, userId, documentId)) !== 'owner') throw errors.notOwner();
}

async function nameOf(ctx: AppContext, userId: string): Promise<string> {
  return (await usernamesByIds(ctx.db, [userId])).get(userId) ?? '';
}

/** Where the document opens in the web app: both screens live under /writing. */
export const documentLink = (ctx: AppContext, kind: DocumentKind, id: string) => `${publicOrigin(ctx)}/writing?screen=${kind}&doc=${id}`;

export async function sharedWithMe(ctx: AppContext, userId: string, kind?: DocumentKind): Promise<SharedDocument[]> {
  const rows = await repo.sharedWith(ctx.db, userId, kind, MAX_DOCUMENTS_PER_USER);
  const names = await usernamesByIds(ctx.db, rows.map((r) => r.userId));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    kind: r.kind,
    version: r.version,
    words: r.words,
    characters: r.characters,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    role: r.role,
    ownerName: names.get(r.userId) ?? '',
  }));
}

export async function access(ctx: AppContext, userId: string, documentId: string): Promise<DocumentAccess> {
  const role = await roleOn(ctx, userId, documentId);
  const doc = (await repo.documentOwner(ctx.db, documentId))!;
  const members = await repo.listMembers(ctx.db, documentId);
  const names = await usernamesByIds(ctx.db, [doc.userId, ...members.map((m) => m.userId)]);
  // Invitations and links carry addresses and ways in: the owner's to see.
  const tokens = role === 'owner' ? await repo.listTokens(ctx.db, documentId) : [];
  return {
    documentId,
    kind: doc.kind,
    role,
    owner: { userId: doc.userId, name: names.get(doc.userId) ?? '' },
    members: members.map((m) => toMember(m, names.get(m.userId) ?? '')),
    invites: tokens.filter((t) => t.email !== null).map(toInvite),
    links: tokens.filter((t) => t.email === null).map((t) => ({ id: t.id, role: t.role, createdAt: t.createdAt.toISOString() })),
  };
}

/**
 * Shares with an address: an account with it gets the role at once (and a mail saying so); an address without
 * one gets a mailed invitation, single use, replacing an earlier invitation to the same address.
 */
export async function add(
  ctx: AppContext,
  owner: User,
  documentId: string,
  body: { email: string; role: ShareRole },
  language: Language,
): Promise<{ member: ShareMember | null; invite: ShareInvite | null }> {
  await ownerOnly(ctx, owner.id, documentId);
  const doc = (await repo.documentOwner(ctx.db, documentId))!;
  const email = body.email.trim();
  const target = await findUserByEmail(ctx.db, email);
  if (target?.id === owner.id) throw errors.shareSelf();
  const now = ctx.clock.now();
  const mail = { owner: owner.username, title: doc.title, role: body.role };

  if (target) {
    const { row, before } = await repo.underShareLock(ctx.db, documentId, async (tx) => {
      const existing = await repo.findMember(tx, documentId, target.id);
      const pending = await repo.findInviteByEmail(tx, documentId, email);
      if (pending) await repo.deleteToken(tx, documentId, pending.id, 'invite'); // the account is here now: the invitation is moot
      if (!existing && !pending && (await repo.countPeople(tx, documentId)) >= MAX_SHARES_PER_DOCUMENT) throw errors.shareLimit();
      return { row: await repo.setMember(tx, { documentId, userId: target.id, role: body.role, createdAt: now }), before: existing?.role };
    });
    if (before && before !== row.role) await announceAccessChange(ctx, documentId, target.id);
    if (before !== row.role) {
      ctx.mailer.send(renderShareMail('shared', language, { ...mail, to: target.email, link: documentLink(ctx, doc.kind, documentId) }));
    }
    return { member: toMember(row, target.username), invite: null };
  }

  const token = newToken();
  const invite = await repo.underShareLock(ctx.db, documentId, async (tx) => {
    const pending = await repo.findInviteByEmail(tx, documentId, email);
    if (pending) await repo.deleteToken(tx, documentId, pending.id, 'invite');
    if ((await repo.countPeople(tx, documentId)) >= MAX_SHARES_PER_DOCUMENT) throw errors.shareLimit();
    return repo.insertToken(tx, { documentId, role: body.role, email, tokenHash: hashToken(token), createdAt: now });
  });
  ctx.mailer.send(renderShareMail('invite', language, { ...mail, to: email, link: `${publicOrigin(ctx)}/share/${token}` }));
  return { member: null, invite: toInvite(invite) };
}

export async function change(ctx: AppContext, userId: string, documentId: string, memberId: string, role: ShareRole): Promise<ShareMember> {
  await ownerOnly(ctx, userId, documentId);
  const row = await repo.changeMember(ctx.db, documentId, memberId, role);
  if (!row) throw errors.memberNotFound();
  await announceAccessChange(ctx, documentId, memberId);
  return toMember(row, await nameOf(ctx, memberId));
}

/** The owner removes a member, or a member leaves; either way their open editors are told. */
export async function remove(ctx: AppContext, userId: string, documentId: string, memberId: string): Promise<void> {
  const role = await roleOn(ctx, userId, documentId);
  if (role === 'owner' && memberId === userId) throw errors.ownerCannotLeave();
  if (role !== 'owner' && memberId !== userId) throw errors.notOwner();
  if (!(await repo.deleteMember(ctx.db, documentId, memberId))) throw errors.memberNotFound();
  await announceAccessChange(ctx, documentId, memberId);
}

export async function cancelInvite(ctx: AppContext, userId: string, documentId: string, inviteId: string): Promise<void> {
  await ownerOnly(ctx, userId, documentId);
  if (!(await repo.deleteToken(ctx.db, documentId, inviteId, 'invite'))) throw errors.inviteNotFound();
}

export async function createLink(ctx: AppContext, userId: string, documentId: string, role: ShareRole) {
  await ownerOnly(ctx, userId, documentId);
  const token = newToken();
  const row = await repo.underShareLock(ctx.db, documentId, async (tx) => {
    if ((await repo.countLinks(tx, documentId)) >= MAX_LINKS_PER_DOCUMENT) throw errors.linkLimit();
    return repo.insertToken(tx, { documentId, role, email: null, tokenHash: hashToken(token), createdAt: ctx.clock.now() });
  });
  return { link: { id: row.id, role: row.role, createdAt: row.createdAt.toISOString() }, url: `${publicOrigin(ctx)}/share/${token}` };
}

export async function revokeLink(ctx: AppContext, userId: string, documentId: string, linkId: string): Promise<void> {
  await ownerOnly(ctx, userId, documentId);
  if (!(await repo.deleteToken(ctx.db, documentId, linkId, 'link'))) throw errors.linkNotFound();
}

/**
 * Follows a link or an invitation: the token is the proof, so any signed-in account may use it. An invitation
 * is used up; a link stays. A role already held is never lowered, and the owner just hears 'owner'.
 */
export async function accept(ctx: AppContext, userId: string, token: string): Promise<{ documentId: string; kind: DocumentKind; role: DocumentRole }> {
  const found = await repo.findTokenByHash(ctx.db, hashToken(token));
  if (!found) throw errors.tokenNotFound();
  const { documentId } = found;
  const doc = await repo.documentOwner(ctx.db, documentId);
  if (!doc) throw errors.tokenNotFound();
  if (doc.userId === userId) return { documentId, kind: doc.kind, role: 'owner' };
  const { row, before } = await repo.underShareLock(ctx.db, documentId, async (tx) => {
    const existing = await repo.findMember(tx, documentId, userId);
    if (found.email !== null) {
      // Single use: only the caller whose delete found the row goes on (the invitation already counted toward the cap).
      if (!(await repo.consumeInvite(tx, found.id))) throw errors.tokenNotFound();
    } else if (!existing && (await repo.countPeople(tx, documentId)) >= MAX_SHARES_PER_DOCUMENT) {
      throw errors.shareLimit();
    }
    return { row: await repo.grantAtLeast(tx, { documentId, userId, role: found.role, createdAt: ctx.clock.now() }), before: existing?.role };
  });
  if (before && before !== row.role) await announceAccessChange(ctx, documentId, userId);
  return { documentId, kind: doc.kind, role: row.role };
}
