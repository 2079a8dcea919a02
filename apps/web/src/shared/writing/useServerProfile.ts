import { documentsApi, type HelperMode, type WritingProfile } from '@yumi/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { call } from '../api/client';
import { useCurrentUser } from '../hooks/useCurrentUser';

type ProfilePatch = Partial<Pick<WritingProfile, 'controlSettings' | 'userHistory'>>;

/**
 * A helper mode's profile on the server (`/api/documents/profile/:mode`: creative control settings and
 * writing history) for the signed-in user: loaded once, changed optimistically, then saved.
 */
export function useServerProfile(mode: HelperMode) {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const key = useMemo(() => ['writing', 'profile', user?.id ?? 'anon', mode], [user?.id, mode]);
  const query = useQuery({
    queryKey: key,
    queryFn: () => call(documentsApi.profile, { params: { mode } }),
    enabled: !!user,
    staleTime: 60_000,
  });
  const { mutate } = useMutation({
    mutationFn: (body: ProfilePatch) => call(documentsApi.updateProfile, { params: { mode }, body }, { retries: 1 }),
    onSuccess: (p) => client.setQueryData(key, p),
  });
  /** Shows `change` at once and, given `body` (what changed), saves it. */
  const update = useCallback(
    (change: (p: WritingProfile) => WritingProfile, body?: ProfilePatch) => {
      client.setQueryData<WritingProfile>(key, (p) => (p ? change(p) : p));
      if (body) mutate(body);
    },
    [client, key, mutate],
  );
  /** Takes a profile the server answered elsewhere. */
  const replace = useCallback((p: WritingProfile) => client.setQueryData(key, p), [client, key]);
  return { user, profile: user ? query.data : undefined, update, replace };
}
