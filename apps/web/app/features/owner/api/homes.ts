import {
  HOME_LINK_PARAM,
  type ChangeMemberBody,
  type HomeActivity,
  type HomeMembers,
  type HomeSummary,
  type InviteMemberBody,
  type PendingInvitation,
} from '@isaac/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { toast } from '~/lib/toast';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/owner-texts';

/** Query keys of the homes feature (issue 32). */
export const homeKeys = {
  all: ['homes'] as const,
  list: () => ['homes', 'list'] as const,
  members: (homeId: string) => ['homes', 'members', homeId] as const,
  activity: (homeId: string) => ['homes', 'activity', homeId] as const,
};

/** GET /api/homes: my homes; `current` is the one my requests reach. */
export function useHomes() {
  return useQuery({
    queryKey: homeKeys.list(),
    queryFn: ({ signal }) => apiRequest<{ items: HomeSummary[] }>('/api/homes', { signal }),
  });
}

/** The home my requests reach now, and my role there (undefined while loading; null: no home yet). */
export function useCurrentHome(): HomeSummary | null | undefined {
  const homes = useHomes();
  if (!homes.data) return undefined;
  return homes.data.items.find((h) => h.current) ?? null;
}

/**
 * After a change of my homes (a switch, a new home, a deleted or re-zoned one): the answer is my homes, kept
 * as they are; every other cached answer may be of another home now (or of another clock) and is refetched.
 */
export async function homesChanged(client: QueryClient, data: { items: HomeSummary[] }): Promise<void> {
  client.setQueryData(homeKeys.list(), data);
  await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'homes' });
}

/**
 * POST /api/homes/:id/switch: the server remembers the home, so every request after it (this tab, the next
 * sign-in) reaches it; every cached answer of the old home is dropped.
 */
export function useSwitchHome() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (homeId: string) =>
      apiRequest<{ items: HomeSummary[] }>(`/api/homes/${encodeURIComponent(homeId)}/switch`, {
        method: 'POST',
      }),
    onSuccess: (data) => homesChanged(client, data),
    meta: feedback<{ items: HomeSummary[] }>({
      success: (data) =>
        i18n.t('owner:toasts.nowIn', {
          home: data.items.find((h) => h.current)?.name ?? i18n.t('owner:toasts.theHome'),
        }),
      error: 'Could not switch homes',
    }),
  });
}

/**
 * A link naming a home (`?home=`: a notification about a device in another of my homes, from the bell or a
 * push) makes that home current before the page shows, then the parameter goes from the address. A home I no
 * longer belong to is said, and the page stays in the current home.
 */
export function useHomeFromLink(): void {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(HOME_LINK_PARAM);
  const homes = useHomes();
  const { mutate: switchTo } = useSwitchHome();
  useEffect(() => {
    if (!wanted || !homes.data) return;
    const home = homes.data.items.find((h) => h._id === wanted);
    if (!home) toast.error(i18n.t('owner:toasts.notYourHome'));
    else if (!home.current) switchTo(wanted);
    setParams(
      (now) => {
        now.delete(HOME_LINK_PARAM);
        return now;
      },
      { replace: true },
    );
  }, [wanted, homes.data, switchTo, setParams]);
}

export function useMembers(homeId: string | undefined) {
  return useQuery({
    queryKey: homeKeys.members(homeId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<HomeMembers>(`/api/homes/${encodeURIComponent(homeId!)}/members`, { signal }),
    enabled: homeId !== undefined,
  });
}

export function useHomeActivity(homeId: string | undefined) {
  return useQuery({
    queryKey: homeKeys.activity(homeId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ items: HomeActivity[] }>(`/api/homes/${encodeURIComponent(homeId!)}/activity`, { signal }),
    enabled: homeId !== undefined,
  });
}

export function useInviteMember(homeId: string) {
  return useMutation({
    mutationFn: (body: InviteMemberBody) =>
      apiRequest<{ invitation: PendingInvitation }>(`/api/homes/${encodeURIComponent(homeId)}/invitations`, {
        method: 'POST',
        body,
      }),
    meta: feedback<{ invitation: PendingInvitation }>({
      success: (data) => i18n.t('owner:toasts.invitationSent', { email: data.invitation.email }),
      error: 'Could not send the invitation',
      invalidates: [homeKeys.members(homeId)],
    }),
  });
}

export function useChangeMember(homeId: string) {
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: string; body: ChangeMemberBody }) =>
      apiRequest<HomeMembers>(
        `/api/homes/${encodeURIComponent(homeId)}/members/${encodeURIComponent(memberId)}`,
        {
          method: 'PUT',
          body,
        },
      ),
    meta: feedback({
      success: 'Role changed',
      error: 'Could not change the role',
      invalidates: [homeKeys.members(homeId)],
    }),
  });
}

export function useEndAccess(homeId: string) {
  return useMutation({
    mutationFn: (memberId: string) =>
      apiRequest<{ message: string }>(
        `/api/homes/${encodeURIComponent(homeId)}/members/${encodeURIComponent(memberId)}`,
        { method: 'DELETE' },
      ),
    meta: feedback({
      success: 'Access ended',
      error: 'Could not end the access',
      invalidates: [homeKeys.members(homeId)],
    }),
  });
}
