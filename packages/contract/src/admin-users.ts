import { z } from 'zod';
import { pageMetaSchema, pageQuerySchema, personName, sortQueryShape } from './common.ts';
import { MAX_USER_SEARCH_LENGTH, MIN_PASSWORD_LENGTH, USER_STATUSES } from './constants.ts';
import { userSchema } from './auth.ts';
import { MSG } from './messages.ts';
import { ALL_ROLES, ROLE, type RoleCode } from './roles.ts';
import { ADMIN_USER_SORTS } from './admin-rules.ts';

/**
 * Admin user management (spec section 5 "Add User" / "Edit User", issue 10): the rules the web's
 * dialogs check and the server enforces, one schema each.
 */
export const ADMIN_USER_FIELD_MSG = {
  nameRequired: 'Name is required',
  usernameRequired: 'Username is required',
  usernameInvalid: 'Username may contain only letters, numbers, dots, dashes and underscores',
  mobileRequired: 'Mobile is required',
  mobileInvalid: 'Invalid mobile number',
  roleInvalid: 'Choose a role: electrician, owner or admin',
  statusInvalid: 'Status must be active or inactive',
} as const;

const roleCodeSchema = z.union(
  ALL_ROLES.map((role) => z.literal(role)) as [z.ZodLiteral<RoleCode>, ...z.ZodLiteral<RoleCode>[]],
  { error: ADMIN_USER_FIELD_MSG.roleInvalid },
);

const name = personName(ADMIN_USER_FIELD_MSG.nameRequired, 120);
/** E-mails are stored lowercased (users_email_lowercase): the same address is one account. */
const email = z
  .string()
  .trim()
  .min(1, MSG.emailRequired)
  .max(254)
  .email(MSG.emailInvalid)
  .transform((value) => value.toLowerCase());
const username = z
  .string()
  .trim()
  .min(1, ADMIN_USER_FIELD_MSG.usernameRequired)
  .max(50)
  .regex(/^[A-Za-z0-9._-]+$/, ADMIN_USER_FIELD_MSG.usernameInvalid);
const mobile = z
  .string()
  .trim()
  .min(1, ADMIN_USER_FIELD_MSG.mobileRequired)
  .regex(/^\+?[0-9 ()-]{7,20}$/, ADMIN_USER_FIELD_MSG.mobileInvalid);
/** The sign-in policy (spec section 5 "Login"): required, at least 6 characters. */
const password = z
  .string()
  .min(1, MSG.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort)
  .max(200);

/** POST /api/admin/users: every field required; role defaults to 2 (owner). */
export const adminUserCreateSchema = z.object({
  name,
  email,
  username,
  password,
  mobile,
  role: roleCodeSchema.default(ROLE.owner),
});
export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>;
export type AdminUserCreate = z.output<typeof adminUserCreateSchema>;

/** PUT /api/admin/users/{id}: the fields of Edit User (no password), plus status. */
export const adminUserUpdateSchema = z.object({
  name,
  email,
  username,
  mobile,
  role: roleCodeSchema,
  status: z.enum(USER_STATUSES, { error: ADMIN_USER_FIELD_MSG.statusInvalid }),
});
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** GET /api/admin/users: search (name or e-mail, case-insensitive substring), role and status filters, sort. */
export const adminUserListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(ADMIN_USER_SORTS, 'created_at', 'desc'),
  search: z
    .string()
    .trim()
    .max(MAX_USER_SEARCH_LENGTH)
    .optional()
    .transform((value) => (value ? value : undefined)),
  role: z.coerce.number().pipe(roleCodeSchema).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

export const adminUserListSchema = pageMetaSchema.extend({ users: z.array(userSchema) });
export type AdminUserList = z.infer<typeof adminUserListSchema>;
export const adminUserResponseSchema = z.object({ user: userSchema });
export const adminUserIdParamsSchema = z.object({ id: z.string().min(1) });
export const endSessionsResponseSchema = z.object({
  message: z.string(),
  sessions_ended: z.number().int(),
});
export type EndSessionsResponse = z.infer<typeof endSessionsResponseSchema>;
