import { ADMIN_MSG, ALL_ROLES, MSG, ROLE_LABELS, USER_STATUSES, type User } from '@isaac/contract';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListFilter, ListHeader, ListToolbar, useListView } from '~/components/list';
import { Button, ConfirmDialog, lazyDialog, preloadOnIntent } from '~/components/ui';
import { useAuth } from '~/lib/auth';
import { useDeleteUser } from '../../api/delete-user';
import { useEndUserSessions } from '../../api/end-user-sessions';
import { useResetUserTwoFactor } from '../../api/reset-user-two-factor';
import { useUserList } from '../../api/list-users';
import { USERS_PAGE_SIZE } from '../../api/users-keys';
import { userListView } from '../../model/user-filters';
import { statusLabel } from './UserStatusBadge';
import { UsersTable } from './UsersTable';

// The form loads when wanted, with its schemas (ADR 083).
const UserFormModal = lazyDialog(() => import('./UserFormModal').then((m) => m.UserFormModal));

const ROLE_OPTIONS = ALL_ROLES.map((role) => ({ value: String(role), label: ROLE_LABELS[role] }));
const STATUS_OPTIONS = USER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/**
 * /admin/users: search (name or e-mail, as you type), role and status filters and the sort kept in the URL,
 * a page of users in a table (cards on a phone), Add / Edit dialogs, delete and end-sessions confirmations.
 */
export function UsersPage() {
  const view = useListView(userListView);
  const list = useUserList(view.state, USERS_PAGE_SIZE);
  const { user: me } = useAuth();
  const remove = useDeleteUser();
  const endSessions = useEndUserSessions();
  const resetTwoFactor = useResetUserTwoFactor();
  const [resetting, setResetting] = useState<User | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [signingOut, setSigningOut] = useState<User | null>(null);

  return (
    <div className="space-y-6">
      <ListHeader
        title="Users"
        intro="Everyone who signs in."
        total={list.data?.total}
        nouns={{ one: 'user', many: 'users' }}
        filtered={view.filtered}
        actions={
          <Button
            onClick={() => setAdding(true)}
            {...preloadOnIntent(UserFormModal)}
            icon={<UserPlus aria-hidden="true" className="h-4 w-4" />}
          >
            Add User
          </Button>
        }
      />
      <ListToolbar list={view} search={{ label: 'Find users', placeholder: 'Name or e-mail' }}>
        <ListFilter list={view} name="role" label="Role" placeholder="All roles" options={ROLE_OPTIONS} />
        <ListFilter
          list={view}
          name="status"
          label="Status"
          placeholder="All statuses"
          options={STATUS_OPTIONS}
          className="sm:w-40"
        />
      </ListToolbar>
      <ListBody
        query={list}
        items={(data) => data.users}
        noun="users"
        errorTitle={MSG.loadUsers}
        empty={{
          icon: Users,
          title: ADMIN_MSG.noUsers,
          text: 'Add the first user.',
          filteredText: 'No user matches this search and these filters.',
        }}
        list={view}
      >
        {(users, dimmed) => (
          <UsersTable
            users={users}
            dimmed={dimmed}
            sort={view.tableSort()}
            actions={{
              onEdit: setEditing,
              onEndSessions: setSigningOut,
              onResetTwoFactor: setResetting,
              onDelete: setDeleting,
              currentUserId: me?._id,
            }}
          />
        )}
      </ListBody>

      {adding ? <UserFormModal currentUserId={me?._id} onClose={() => setAdding(false)} /> : null}
      {editing ? (
        <UserFormModal user={editing} currentUserId={me?._id} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user"
        message={ADMIN_MSG.confirmDeleteUser}
        confirmLabel="Delete User"
        variant="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
        }}
      />
      <ConfirmDialog
        open={signingOut !== null}
        title="End sessions"
        message={signingOut ? `Sign ${signingOut.name} out on every device?` : ''}
        confirmLabel="End Sessions"
        variant="danger"
        busy={endSessions.isPending}
        onCancel={() => setSigningOut(null)}
        onConfirm={() => {
          if (signingOut) endSessions.mutate(signingOut._id, { onSettled: () => setSigningOut(null) });
        }}
      />
      <ConfirmDialog
        open={resetting !== null}
        title="Reset 2FA"
        message={
          resetting
            ? `Turn off two-factor sign-in for ${resetting.name}? They will be signed out everywhere and can set it up again.`
            : ''
        }
        confirmLabel="Reset 2FA"
        variant="danger"
        busy={resetTwoFactor.isPending}
        onCancel={() => setResetting(null)}
        onConfirm={() => {
          if (resetting) resetTwoFactor.mutate(resetting._id, { onSettled: () => setResetting(null) });
        }}
      />
    </div>
  );
}
