import { ROLE_LABELS, type RoleCode, type User } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { LogOut, Pencil, ShieldOff, Trash2 } from 'lucide-react';
import { Button, DataTable, type TableSort } from '~/components/ui';
import { UserStatusBadge } from './UserStatusBadge';

export interface UserRowActions {
  onEdit: (user: User) => void;
  onEndSessions: (user: User) => void;
  /** Only offered for users with two-factor sign-in on. */
  onResetTwoFactor: (user: User) => void;
  onDelete: (user: User) => void;
  /** The signed-in admin's id: their own row cannot be deleted. */
  currentUserId: string | undefined;
}

export function roleLabel(role: number): string {
  return ROLE_LABELS[role as RoleCode] ?? 'User';
}

const joined = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

const features = tableFeatures({});
const column = createColumnHelper<typeof features, User>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <div className="min-w-0">
        <div className="font-medium text-slate-100">{info.getValue()}</div>
        <div className="text-xs text-slate-400">@{info.row.original.username}</div>
      </div>
    ),
  }),
  column.accessor('email', {
    header: 'Email',
    cell: (info) => <span className="break-all">{info.getValue()}</span>,
  }),
  column.accessor('mobile', { header: 'Mobile', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('role', { header: 'Role', cell: (info) => roleLabel(info.getValue()) }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <UserStatusBadge status={info.getValue()} />,
  }),
  column.accessor('created_at', {
    header: 'Joined',
    cell: (info) => <time dateTime={info.getValue()}>{joined.format(new Date(info.getValue()))}</time>,
  }),
]);

/**
 * The users of one page as a table (TanStack Table builds the rows; `DataTable` the markup, cards on a
 * phone), sorted on the server by its column headers.
 */
export function UsersTable({
  users,
  actions,
  dimmed,
  sort,
}: {
  users: User[];
  actions: UserRowActions;
  dimmed: boolean;
  sort?: TableSort;
}) {
  const table = useTable({ features, columns, data: users, getRowId: (user) => user._id });
  return (
    <DataTable
      table={table}
      label="Users"
      minWidth="min-w-[52rem]"
      rowHeader="name"
      dimmed={dimmed}
      sort={sort}
      renderRowActions={(user) => <RowActions user={user} actions={actions} />}
    />
  );
}

function RowActions({ user, actions }: { user: User; actions: UserRowActions }) {
  const self = user._id === actions.currentUserId;
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Edit ${user.name}`}
        title="Edit"
        onClick={() => actions.onEdit(user)}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`End sessions of ${user.name}`}
        title="End sessions"
        onClick={() => actions.onEndSessions(user)}
      >
        <LogOut aria-hidden="true" className="h-4 w-4" />
      </Button>
      {user.two_factor_enabled ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Reset 2FA of ${user.name}`}
          title="Reset 2FA"
          onClick={() => actions.onResetTwoFactor(user)}
        >
          <ShieldOff aria-hidden="true" className="h-4 w-4" />
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${user.name}`}
        title={self ? 'You cannot delete your own account' : 'Delete'}
        disabled={self}
        onClick={() => actions.onDelete(user)}
        className="text-red-300 hover:text-red-200"
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </Button>
    </div>
  );
}
