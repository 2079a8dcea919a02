import { accountApi, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN, type User } from '@yumi/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client';
import { CURRENT_USER_KEY } from '../../shared/hooks/useCurrentUser';
import { Button } from '../../shared/ui/Button';
import { Field, Form } from '../../shared/ui/Form';
import { accountErrorText } from './errors';

/** Who is signed in, and changing the display name. */
export function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.username);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (username: string) => call(accountApi.rename, { body: { username } }),
    onSuccess: (next) => {
      client.setQueryData(CURRENT_USER_KEY, next);
      setEditing(false);
    },
    onError: (err) => setProblem(accountErrorText(err, t)),
  });

  const submit = () => {
    const value = name.trim();
    if (value.length < USERNAME_MIN || value.length > USERNAME_MAX || !USERNAME_PATTERN.test(value)) {
      setProblem(t('account.profile.invalidName', { min: USERNAME_MIN, max: USERNAME_MAX }));
      return;
    }
    setProblem(null);
    if (value === user.username) setEditing(false);
    else rename.mutate(value);
  };

  return (
    <section className="card account-card" aria-labelledby="account-profile-title">
      <h2 id="account-profile-title" className="visually-hidden">
        {t('account.profile.title')}
      </h2>
      <div className="account-identity">
        <span className="avatar account-avatar" aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <dl>
          <dt>{t('account.name')}</dt>
          <dd data-testid="account-name">{user.username}</dd>
          <dt>{t('account.email')}</dt>
          <dd data-testid="account-email">{user.email}</dd>
        </dl>
        {!editing && (
          <Button size="sm" className="account-identity-action" onClick={() => (setName(user.username), setProblem(null), setEditing(true))}>
            {t('account.profile.rename')}
          </Button>
        )}
      </div>
      {editing && (
        <Form
          className="account-form"
          label={t('account.profile.rename')}
          onSubmit={submit}
          submitLabel={t('save')}
          busy={rename.isPending}
          onCancel={() => setEditing(false)}
        >
          <Field
            id="account-new-name"
            label={t('account.profile.newName')}
            autoComplete="username"
            autoFocus
            value={name}
            maxLength={USERNAME_MAX + 8}
            error={problem}
            hint={t('account.profile.nameHint', { min: USERNAME_MIN, max: USERNAME_MAX })}
            onValue={setName}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
          />
        </Form>
      )}
    </section>
  );
}
