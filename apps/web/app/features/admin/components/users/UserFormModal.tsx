import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  ALL_ROLES,
  ROLE,
  ROLE_LABELS,
  USER_STATUSES,
  type AdminUserCreate,
  type AdminUserCreateInput,
  type AdminUserUpdate,
  type AdminUserUpdateInput,
  type User,
} from '@isaac/contract';
import { Eye, EyeOff } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type FieldError, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Button, Modal, SelectField, TextField } from '~/components/ui';
import { serverFieldErrors } from '~/lib/form-errors';
import { useCreateUser } from '../../api/create-user';
import { useUpdateUser } from '../../api/update-user';
import { statusLabel } from './UserStatusBadge';

const ROLE_OPTIONS = ALL_ROLES.map((role) => ({ value: String(role), label: ROLE_LABELS[role] }));
const STATUS_OPTIONS = USER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));
const FORM_ID = 'admin-user-form';
const ADD_FIELDS = ['name', 'email', 'username', 'password', 'mobile', 'role'] as const;
const EDIT_FIELDS = ['name', 'email', 'username', 'mobile', 'role', 'status'] as const;

interface UserFormModalProps {
  /** The user to edit; none = Add User. */
  user?: User;
  /** The signed-in admin's id: their own role and status are not editable here (the server refuses too). */
  currentUserId: string | undefined;
  onClose: () => void;
}

/** Add User (every field required, role default Owner) or Edit User (no password; role and status). */
export function UserFormModal({ user, currentUserId, onClose }: UserFormModalProps) {
  return user ? (
    <EditUserForm user={user} self={user._id === currentUserId} onClose={onClose} />
  ) : (
    <AddUserForm onClose={onClose} />
  );
}

interface FrameProps {
  title: string;
  description: string;
  saving: boolean;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

function UserFormFrame({ title, description, saving, submitLabel, onClose, onSubmit, children }: FrameProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={description}
      busy={saving}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={saving}>
            {saving ? 'Saving…' : submitLabel}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        {children}
      </form>
    </Modal>
  );
}

type DetailField = 'name' | 'email' | 'username' | 'mobile';

/** Name, e-mail, username and mobile: the fields both dialogs share (registered by the form that owns them). */
function DetailFields({
  fields,
  errors,
}: {
  fields: Record<DetailField, UseFormRegisterReturn<DetailField>>;
  errors: Partial<Record<DetailField, FieldError>>;
}) {
  return (
    <>
      <TextField label="Name" required autoComplete="off" error={errors.name?.message} {...fields.name} />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="off"
        error={errors.email?.message}
        {...fields.email}
      />
      <TextField
        label="Username"
        required
        autoComplete="off"
        autoCapitalize="none"
        error={errors.username?.message}
        {...fields.username}
      />
      <TextField
        label="Mobile"
        type="tel"
        required
        autoComplete="off"
        placeholder="+91 98450 12345"
        error={errors.mobile?.message}
        {...fields.mobile}
      />
    </>
  );
}

/** A failed save's field errors (400 details, a taken e-mail or username) shown beside their fields. */
function showOnFields<F extends string>(
  fields: readonly F[],
  setError: (field: F, error: { message: string }, options: { shouldFocus: boolean }) => void,
) {
  return (err: unknown) =>
    serverFieldErrors(err, fields, 'email' as F).forEach(([field, message], i) =>
      setError(field, { message }, { shouldFocus: i === 0 }),
    );
}

/** The shared fields, registered with the form (both forms name them alike). */
function detailFields(register: (name: DetailField) => UseFormRegisterReturn<DetailField>) {
  return {
    name: register('name'),
    email: register('email'),
    username: register('username'),
    mobile: register('mobile'),
  };
}

function AddUserForm({ onClose }: { onClose: () => void }) {
  const create = useCreateUser();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminUserCreateInput, unknown, AdminUserCreate>({
    resolver: zodResolver(adminUserCreateSchema),
    defaultValues: { name: '', email: '', username: '', password: '', mobile: '', role: ROLE.owner },
  });
  const onSubmit = handleSubmit((values) => {
    create.mutate(values, { onSuccess: onClose, onError: showOnFields(ADD_FIELDS, setError) });
  });

  return (
    <UserFormFrame
      title="Add User"
      description="The new user signs in with this e-mail and password."
      saving={create.isPending}
      submitLabel="Add User"
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
    >
      <DetailFields fields={detailFields(register)} errors={errors} />
      <TextField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        required
        autoComplete="new-password"
        hint="At least 6 characters"
        error={errors.password?.message}
        trailing={
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-pressed={showPassword}
            className="rounded p-1 text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
          >
            {showPassword ? (
              <EyeOff aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Eye aria-hidden="true" className="h-4 w-4" />
            )}
          </button>
        }
        {...register('password')}
      />
      <SelectField
        label="Role"
        required
        options={ROLE_OPTIONS}
        error={errors.role?.message}
        {...register('role', { valueAsNumber: true })}
      />
    </UserFormFrame>
  );
}

function EditUserForm({ user, self, onClose }: { user: User; self: boolean; onClose: () => void }) {
  const update = useUpdateUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminUserUpdateInput, unknown, AdminUserUpdate>({
    resolver: zodResolver(adminUserUpdateSchema),
    defaultValues: {
      name: user.name,
      email: user.email,
      username: user.username,
      mobile: user.mobile ?? '',
      role: ALL_ROLES.find((role) => role === user.role) ?? ROLE.owner,
      status: user.status === 'active' ? 'active' : 'inactive',
    },
  });
  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { id: user._id, body: values },
      { onSuccess: onClose, onError: showOnFields(EDIT_FIELDS, setError) },
    );
  });

  return (
    <UserFormFrame
      title="Edit User"
      description={`Change the details of ${user.name}. A new role or deactivation signs them out everywhere.`}
      saving={update.isPending}
      submitLabel="Save Changes"
      onClose={onClose}
      onSubmit={(e) => void onSubmit(e)}
    >
      <DetailFields fields={detailFields(register)} errors={errors} />
      {self ? (
        <p className="text-sm text-slate-400 sm:col-span-2">
          This is your account: you cannot change your own role or deactivate yourself.
        </p>
      ) : (
        <>
          <SelectField
            label="Role"
            required
            options={ROLE_OPTIONS}
            error={errors.role?.message}
            {...register('role', { valueAsNumber: true })}
          />
          <SelectField
            label="Status"
            required
            options={STATUS_OPTIONS}
            error={errors.status?.message}
            {...register('status')}
          />
        </>
      )}
    </UserFormFrame>
  );
}
