import './share.css';
import { SHARE_ROLES, sharingApi, type DocumentAccess, type ShareRole } from '@yumi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { isLocalId } from '../offline/db';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { toast } from '../ui/toast';

function RoleSelect({ value, onChange, label }: { value: ShareRole; onChange(role: ShareRole): void; label: string }) {
  const { t } = useTranslation('writing');
  return (
    <select className="input share-role" aria-label={label} value={value} onChange={(e) => onChange(e.target.value as ShareRole)}>
      {SHARE_ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`share.roles.${r}`)}
        </option>
      ))}
    </select>
  );
}

/**
 * Who has access to a document. The owner invites by e-mail, makes links, changes and removes roles;
 * a member sees the owner and the other members, and may leave.
 */
function ShareDialog({ documentId, open, onOpenChange, onLeft }: { documentId: string; open: boolean; onOpenChange(o: boolean): void; onLeft?(): void }) {
  const { t } = useTranslation('writing');
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const key = ['document-access', documentId];
  const access = useQuery({ queryKey: key, queryFn: () => call(sharingApi.access, { params: { id: documentId } }), enabled: open });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ShareRole>('editor');
  const [linkRole, setLinkRole] = useState<ShareRole>('viewer');
  const [madeUrl, setMadeUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs a change, shows the server's error (already in the user's language), and reloads the list. */
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) toast('success', done);
      await client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['documents'] });
    } catch (err) {
      toast('error', (err as Error).message || t('share.failed'));
    } finally {
      setBusy(false);
    }
  };
  const a: DocumentAccess | undefined = access.data;
  const owner = a?.role === 'owner';
  const params = (userId: string) => ({ params: { id: documentId, userId } });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('share.title')} description={owner ? t('share.ownerHint') : t('share.memberHint')} wide>
      {access.isLoading && <p className="muted">{t('share.loading')}</p>}
      {access.error && <p className="error-text">{(access.error as Error).message}</p>}
      {a && (
        <div className="share-dialog" data-testid="share-dialog">
          {owner && (
            <form
              className="row share-invite"
              onSubmit={(e) => {
                e.preventDefault();
                void act(async () => {
                  const res = await call(sharingApi.add, { params: { id: documentId }, body: { email: email.trim(), role } });
                  setEmail('');
                  toast('success', res.member ? t('share.added', { name: res.member.name }) : t('share.invited', { email: res.invite?.email }));
                });
              }}
            >
              <input className="input grow" type="email" required maxLength={254} aria-label={t('share.email')} placeholder={t('share.email')} value={email} onChange={(e) => setEmail(e.target.value)} />
              <RoleSelect value={role} onChange={setRole} label={t('share.inviteRole')} />
              <Button type="submit" variant="primary" size="sm" disabled={busy}>
                {t('share.invite')}
              </Button>
            </form>
          )}

          <h3 className="share-heading">{t('share.people')}</h3>
          <ul className="share-list">
            <li className="share-item">
              <span className="grow">
                <strong>{a.owner.name}</strong> {a.owner.userId === user?.id && <span className="muted small">({t('share.you')})</span>}
              </span>
              <span className="badge small">{t('share.roles.owner')}</span>
            </li>
            {a.members.map((m) => (
              <li key={m.userId} className="share-item" data-testid="share-member">
                <span className="grow">
                  <strong>{m.name}</strong> {m.userId === user?.id && <span className="muted small">({t('share.you')})</span>}
                </span>
                {owner ? (
                  <>
                    <RoleSelect value={m.role} label={t('share.roleOf', { name: m.name })} onChange={(next) => void act(() => call(sharingApi.change, { ...params(m.userId), body: { role: next } }), t('share.changed'))} />
                    <Button size="sm" variant="ghost" disabled={busy} aria-label={t('share.removeNamed', { name: m.name })} onClick={() => void act(() => call(sharingApi.remove, params(m.userId)), t('share.removed'))}>
                      {t('share.remove')}
                    </Button>
                  </>
                ) : (
                  <span className="badge small">{t(`share.roles.${m.role}`)}</span>
                )}
              </li>
            ))}
          </ul>

          {owner && a.invites.length > 0 && (
            <>
              <h3 className="share-heading">{t('share.pending')}</h3>
              <ul className="share-list">
                {a.invites.map((i) => (
                  <li key={i.id} className="share-item">
                    <span className="grow">{i.email}</span>
                    <span className="badge small">{t(`share.roles.${i.role}`)}</span>
                    <Button size="sm" variant="ghost" disabled={busy} onClick={() => void act(() => call(sharingApi.cancelInvite, { params: { id: documentId, inviteId: i.id } }), t('share.withdrawn'))}>
                      {t('share.withdraw')}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}

          {owner && (
            <>
              <h3 className="share-heading">{t('share.links')}</h3>
              <ul className="share-list">
                {a.links.map((l) => (
                  <li key={l.id} className="share-item">
                    <span className="grow">{t('share.linkFor', { role: t(`share.roles.${l.role}`) })}</span>
                    <Button size="sm" variant="ghost" disabled={busy} onClick={() => void act(() => call(sharingApi.revokeLink, { params: { id: documentId, linkId: l.id } }), t('share.revoked'))}>
                      {t('share.revoke')}
                    </Button>
                  </li>
                ))}
              </ul>
              <div className="row">
                <RoleSelect value={linkRole} onChange={setLinkRole} label={t('share.linkRole')} />
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      setMadeUrl((await call(sharingApi.createLink, { params: { id: documentId }, body: { role: linkRole } })).url);
                    })
                  }
                >
                  {t('share.createLink')}
                </Button>
              </div>
              {madeUrl && (
                <div className="share-made card">
                  <p className="small">{t('share.linkOnce')}</p>
                  <div className="row">
                    <input className="input grow" readOnly aria-label={t('share.linkUrl')} value={madeUrl} onFocus={(e) => e.currentTarget.select()} data-testid="share-link-url" />
                    <Button
                      size="sm"
                      onClick={() =>
                        navigator.clipboard.writeText(madeUrl).then(
                          () => toast('success', t('share.copied')),
                          () => toast('error', t('share.copyFailed')),
                        )
                      }
                    >
                      {t('share.copy')}
                    </Button>
                  </div>
                </div>
              )}
            </>
          )}

          {!owner && user && (
            <div className="row share-leave">
              <Button
                variant="danger"
                size="sm"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    await call(sharingApi.remove, params(user.id));
                    onOpenChange(false);
                    onLeft?.();
                  }, t('share.left'))
                }
              >
                {t('share.leave')}
              </Button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** The header's Share button: only for a signed-in account's document kept on the server. */
export function ShareButton({ documentId, source, onLeft }: { documentId: string | null | undefined; source: 'server' | 'local'; onLeft?(): void }) {
  const { t } = useTranslation('writing');
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  // Ids made offline are local until sent: the server does not know them yet.
  if (!user || source !== 'server' || !documentId || isLocalId(documentId)) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('share.button')}
      </Button>
      {open && <ShareDialog documentId={documentId} open={open} onOpenChange={setOpen} onLeft={onLeft} />}
    </>
  );
}
