import { ALL_ROLES, MSG, ROLE_LABELS, USER_STATUSES, type User, ADMIN_MSG } from '@isaac/contract';
import { Search, UserPlus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Pagination,
  SelectField,
  TextField,
} from '~/components/ui';
import { useAuth } from '~/lib/auth';
import { useUrlSearchBox } from '~/lib/use-url-search-box';
import { useDeleteUser } from '../../api/delete-user';
import { useEndUserSessions } from '../../api/end-user-sessions';
import { useResetUserTwoFactor } from '../../api/reset-user-two-factor';
import { useUserList } from '../../api/list-users';
import { USERS_PAGE_SIZE } from '../../api/users-keys';
import {
  hasUserFilter,
  NO_USER_FILTERS,
  parseUserFilters,
  userFiltersToParams,
  withUserFilter,
  type UserFilters,
} from '../../model/user-filters';
import { pageCount, pageSummary } from '../../model/list-pages';
import { UserFormModal } from './UserFormModal';
import { statusLabel } from './UserStatusBadge';
import { UsersTable } from './UsersTable';

const ROLE_OPTIONS = ALL_ROLES.map((role) => ({ value: String(role), label: ROLE_LABELS[role] }));
const STATUS_OPTIONS = USER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/**
 * /admin/users: search (name or e-mail, as you type) and role / status filters kept in the URL, a page of
 * users in a table, Add / Edit dialogs, delete and end-sessions confirmations.
 */
export function UsersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseUserFilters(searchParams);
  const list = useUserList(filters, USERS_PAGE_SIZE);
  const { user: me } = useAuth();
  const remove = useDeleteUser();
  const endSessions = useEndUserSessions();
  const resetTwoFactor = useResetUserTwoFactor();
  const [resetting, setResetting] = useState<User | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [signingOut, setSigningOut] = useState<User | null>(null);

  const apply = (next: UserFilters, replace = false) =>
    setSearchParams(userFiltersToParams(next), { replace });

  // The search box: what is typed shows at once; the URL (and the request) follow once typing pauses.
  const [text, setText] = useUrlSearchBox(filters.search, (search) =>
    apply(withUserFilter(filters, { search }), true),
  );

  const total = list.data?.total ?? 0;
  const filtered = hasUserFilter(filters);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-white">Users</h2>
          <p className="text-sm text-slate-400" aria-live="polite">
            {list.data
              ? `${total} ${total === 1 ? 'user' : 'users'}${filtered ? ' found' : ''}`
              : 'Everyone who signs in.'}
          </p>
        </div>
        <Button onClick={() => setAdding(true)} icon={<UserPlus aria-hidden="true" className="h-4 w-4" />}>
          Add User
        </Button>
      </div>

      <div
        role="search"
        aria-label="Find users"
        className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        <TextField
          label="Search"
          type="search"
          className="col-span-2 sm:w-80"
          placeholder="Name or e-mail"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          trailing={<Search aria-hidden="true" className="h-4 w-4 text-slate-500" />}
        />
        <SelectField
          label="Role"
          className="sm:w-44"
          placeholder="All roles"
          options={ROLE_OPTIONS}
          value={filters.role === null ? '' : String(filters.role)}
          onChange={(event) =>
            apply(
              withUserFilter(filters, {
                role: ALL_ROLES.find((r) => String(r) === event.target.value) ?? null,
              }),
            )
          }
        />
        <SelectField
          label="Status"
          className="sm:w-40"
          placeholder="All statuses"
          options={STATUS_OPTIONS}
          value={filters.status ?? ''}
          onChange={(event) =>
            apply(
              withUserFilter(filters, {
                status: USER_STATUSES.find((s) => s === event.target.value) ?? null,
              }),
            )
          }
        />
        {filtered ? (
          <Button
            variant="ghost"
            className="col-span-2 justify-self-start"
            onClick={() => {
              setText('');
              apply(NO_USER_FILTERS);
            }}
            icon={<X aria-hidden="true" className="h-4 w-4" />}
          >
            Clear filters
          </Button>
        ) : null}
      </div>

      {list.isPending ? (
        <div aria-busy="true" className="space-y-2 rounded-xl border border-slate-700 bg-slate-800/60 p-4">
          <span role="status" className="sr-only">
            Loading users…
          </span>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="h-10 animate-pulse rounded bg-slate-700/50" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState
          title={MSG.loadUsers}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.users.length === 0 ? (
        <EmptyState
          icon={Users}
          title={ADMIN_MSG.noUsers}
          description={
            filters.page > 1
              ? 'This page is empty.'
              : filtered
                ? 'No user matches this search and these filters.'
                : 'Add the first user.'
          }
          action={
            filters.page > 1 ? (
              <Button variant="outline" onClick={() => apply({ ...filters, page: 1 })}>
                Go to the first page
              </Button>
            ) : filtered ? (
              <Button
                variant="outline"
                onClick={() => {
                  setText('');
                  apply(NO_USER_FILTERS);
                }}
              >
                Clear filters
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <UsersTable
            users={list.data.users}
            dimmed={list.isPlaceholderData}
            actions={{
              onEdit: setEditing,
              onEndSessions: setSigningOut,
              onResetTwoFactor: setResetting,
              onDelete: setDeleting,
              currentUserId: me?._id,
            }}
          />
          <Pagination
            label="User pages"
            page={filters.page}
            pageCount={pageCount(list.data.total, list.data.page_size)}
            summary={pageSummary(
              filters.page,
              list.data.page_size,
              list.data.users.length,
              list.data.total,
              'users',
            )}
            onPageChange={(page) => apply({ ...filters, page })}
          />
        </>
      )}

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
