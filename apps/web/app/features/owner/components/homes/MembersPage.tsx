import { HOME_ROLES, type HomeMember, type HomeRole } from '@isaac/contract';
import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ListBody } from '~/components/list';
import { Badge, Button, ConfirmDialog, Panel, SelectField, TextField } from '~/components/ui';
import { formatDateTime } from '~/lib/format';
import { useRoomOptions } from '../../api/list-rooms';
import {
  useChangeMember,
  useCurrentHome,
  useEndAccess,
  useHomeActivity,
  useInviteMember,
  useMembers,
} from '../../api/homes';
import { useOwnerT } from '~/lib/i18n/owner-texts';

/** A guest's terms: rooms and an end time (a datetime-local value, read as local time). */
function GuestTerms({
  rooms,
  chosen,
  onRooms,
  endsAt,
  onEndsAt,
}: {
  rooms: { _id: string; name: string }[];
  chosen: string[];
  onRooms: (rooms: string[]) => void;
  endsAt: string;
  onEndsAt: (value: string) => void;
}) {
  const { t } = useOwnerT();
  return (
    <div className="space-y-3 rounded-lg border border-slate-700 p-3">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-200">{t('members.guestRooms')}</legend>
        <div className="flex flex-wrap gap-3">
          {rooms.map((room) => (
            <label key={room._id} className="flex items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                checked={chosen.includes(room._id)}
                onChange={(event) =>
                  onRooms(
                    event.target.checked ? [...chosen, room._id] : chosen.filter((id) => id !== room._id),
                  )
                }
              />
              {room.name}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('members.accessEnds')}
        type="datetime-local"
        value={endsAt}
        onChange={(event) => onEndsAt(event.target.value)}
      />
    </div>
  );
}

function InviteForm({ homeId }: { homeId: string }) {
  const invite = useInviteMember(homeId);
  const rooms = useRoomOptions();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<HomeRole>('member');
  const [chosen, setChosen] = useState<string[]>([]);
  const [endsAt, setEndsAt] = useState('');
  const { t } = useOwnerT();
  const roleOptions = HOME_ROLES.map((value) => ({ value, label: t(`members.roles.${value}`) }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const guest =
      role === 'guest' ? { rooms: chosen, ends_at: endsAt ? new Date(endsAt).toISOString() : null } : {};
    invite.mutate({ email, role, ...guest }, { onSuccess: () => setEmail('') });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label={t('members.invite')}>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <TextField
          label={t('members.email')}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          label={t('members.role')}
          options={roleOptions}
          value={role}
          onChange={(e) => setRole(e.target.value as HomeRole)}
        />
      </div>
      {role === 'guest' ? (
        <GuestTerms
          rooms={(rooms.data ?? []).map((r) => ({ _id: r.value, name: r.label }))}
          chosen={chosen}
          onRooms={setChosen}
          endsAt={endsAt}
          onEndsAt={setEndsAt}
        />
      ) : null}
      <Button type="submit" disabled={invite.isPending || email === ''}>
        {t('members.send')}
      </Button>
    </form>
  );
}

/** Roles an owner can give in a row: owner or member (a guest's rooms and end time come with an invitation). */

function MemberRow({
  member,
  onEnd,
  onRole,
  busy,
}: {
  member: HomeMember;
  onEnd: (m: HomeMember) => void;
  onRole: (m: HomeMember, role: HomeRole) => void;
  busy: boolean;
}) {
  const { t } = useOwnerT();
  const changeOptions = HOME_ROLES.filter((role) => role !== 'guest').map((role) => ({
    value: role,
    label: t(`members.roles.${role}`),
  }));
  const options =
    member.role === 'guest'
      ? [{ value: 'guest', label: t('members.roles.guest') }, ...changeOptions]
      : changeOptions;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="font-medium text-slate-100">{member.name}</p>
        <p className="text-xs break-all text-slate-400">{member.email}</p>
        {member.ends_at ? (
          <p className="text-xs text-slate-400">
            {t('members.until', { date: formatDateTime(member.ends_at) })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label={t('members.role')}
          aria-label={t('members.roleOf', { name: member.name })}
          options={options}
          value={member.role}
          disabled={busy}
          onChange={(e) => {
            const role = e.target.value as HomeRole;
            if (role !== member.role) onRole(member, role);
          }}
        />
        {member.role === 'owner' ? (
          <Badge tone="green">{t('members.roles.owner')}</Badge>
        ) : (
          <Button variant="outline" size="sm" onClick={() => onEnd(member)}>
            {t('members.endAccess')}
            <span className="sr-only"> {t('members.endAccessOf', { name: member.name })}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The current home's people (issue 32), for its owners: who has access and until when, the open invitations,
 * an invitation form (member, or guest with rooms and an end time), End access; and the home's activity —
 * who did what, and how ("Asha turned on Living Room Purifier via Google Home").
 */
export function MembersPage() {
  const home = useCurrentHome();
  const homeId = home?.role === 'owner' ? home._id : undefined;
  const members = useMembers(homeId);
  const activity = useHomeActivity(homeId);
  const end = useEndAccess(homeId ?? '');
  const change = useChangeMember(homeId ?? '');
  const [ending, setEnding] = useState<HomeMember | null>(null);
  const { t } = useOwnerT();
  if (home === undefined) return null;
  if (home === null || home.role !== 'owner') {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold text-white">{t('members.title')}</h1>
        <p className="text-slate-300">{t('members.ownerOnly')}</p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-white">{t('members.membersOf', { home: home.name })}</h1>
      <Panel id="home-members" title={t('members.whoHasAccess')}>
        <ListBody
          query={members}
          items={(data) => data.members}
          noun={t('members.noun')}
          errorTitle={t('members.loadFailed')}
          empty={{ icon: Users, title: t('members.nobody'), text: t('members.nobodyText') }}
        >
          {(list) => (
            <ul className="divide-y divide-slate-700/70" aria-label={t('members.list')}>
              {list.map((m) => (
                <MemberRow
                  key={m._id}
                  member={m}
                  onEnd={setEnding}
                  busy={change.isPending}
                  onRole={(member, role) => change.mutate({ memberId: member._id, body: { role } })}
                />
              ))}
            </ul>
          )}
        </ListBody>
        {members.data && members.data.invitations.length > 0 ? (
          <div className="mt-4">
            <h3 className="text-sm font-medium text-slate-200">{t('members.invited')}</h3>
            <ul className="mt-1 text-sm text-slate-400">
              {members.data.invitations.map((i) => (
                <li key={i._id}>
                  {t('members.invitation', {
                    email: i.email,
                    role: t(`members.roles.${i.role}`),
                    date: formatDateTime(i.expires_at),
                  })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Panel>
      <Panel id="home-invite" title={t('members.invite')}>
        <InviteForm homeId={home._id} />
      </Panel>
      <Panel id="home-activity" title={t('members.activity')}>
        <ul className="space-y-2 text-sm" aria-label={t('members.homeActivity')}>
          {(activity.data?.items ?? []).map((a) => (
            <li key={a._id} className="flex flex-wrap justify-between gap-2 text-slate-300">
              <span>{a.text}</span>
              <span className="text-xs text-slate-500">{formatDateTime(a.at)}</span>
            </li>
          ))}
        </ul>
      </Panel>
      <ConfirmDialog
        open={ending !== null}
        title={t('members.endAccess')}
        message={ending ? t('members.endText', { name: ending.name, home: home.name }) : ''}
        confirmLabel={t('members.endAccess')}
        variant="danger"
        busy={end.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          if (ending) end.mutate(ending._id, { onSettled: () => setEnding(null) });
        }}
      />
    </div>
  );
}
