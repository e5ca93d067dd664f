import { ROLE_LABELS, type RoleCode, type User } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { LogOut, Pencil, ShieldOff, Trash2 } from 'lucide-react';
import { Button, cx } from '~/components/ui';
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
  column.display({ id: 'actions', header: 'Actions' }),
]);

/**
 * The users of one page as a table (TanStack Table builds the rows and cells; the markup is ours). Narrow
 * screens scroll it sideways inside a focusable region, with the Actions column pinned to the right edge,
 * so the actions are never cut off.
 */
export function UsersTable({
  users,
  actions,
  dimmed,
}: {
  users: User[];
  actions: UserRowActions;
  dimmed: boolean;
}) {
  const table = useTable({ features, columns, data: users, getRowId: (user) => user._id });
  return (
    <div
      role="region"
      aria-label="Users"
      tabIndex={0}
      className={cx(
        'overflow-x-auto rounded-xl border border-slate-700 bg-slate-800/60 focus-visible:outline-2 focus-visible:outline-sky-400',
        dimmed && 'opacity-60',
      )}
    >
      <table className="w-full min-w-[52rem] text-left text-sm text-slate-300">
        <thead className="border-b border-slate-700 text-xs tracking-wide text-slate-400 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cx(
                    'px-4 py-3 font-medium',
                    header.column.id === 'actions' && 'sticky right-0 bg-slate-800 text-right',
                  )}
                >
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-700/70">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="hover:bg-slate-800">
              {row.getAllCells().map((cell) =>
                cell.column.id === 'actions' ? (
                  <td key={cell.id} className="sticky right-0 bg-slate-800 px-2 py-2">
                    <RowActions user={row.original} actions={actions} />
                  </td>
                ) : cell.column.id === 'name' ? (
                  <th key={cell.id} scope="row" className="px-4 py-3 text-left font-normal">
                    <table.FlexRender cell={cell} />
                  </th>
                ) : (
                  <td key={cell.id} className="px-4 py-3">
                    <table.FlexRender cell={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
