import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';

export const locationSchema = z.object({
  city: z.string().nullable(),
  pincode: z.string().nullable(),
  address: z.string().nullable(),
});

/** A user as the API presents it: never a password hash. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  mobile: z.string().nullable(),
  role: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  location: locationSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const oauthParamsSchema = z
  .object({
    client_id: z.string(),
    redirect_uri: z.string(),
    response_type: z.string().optional(),
    scope: z.string().optional(),
    state: z.string().optional(),
  })
  .nullable()
  .optional();
export type OAuthParams = z.infer<typeof oauthParamsSchema>;

/** Login form rules of spec section 5, shared by the web form and the server. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, MSG.emailRequired).email(MSG.emailInvalid),
  password: z.string().min(1, MSG.passwordRequired).min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort),
});
export const loginBodySchema = loginFormSchema.extend({ oauth_params: oauthParamsSchema });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  oauth_mode: z.boolean(),
  redirect: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const csrfResponseSchema = z.object({ csrf_token: z.string() });
export const refreshResponseSchema = z.object({ token: z.string() });
export const currentUserResponseSchema = z.object({ user: userSchema });

export const profileUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Invalid mobile number')
    .nullable()
    .or(z.literal('').transform(() => null)),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
export const passwordChangeSchema = z.object({
  current_password: z.string().min(1, 'Current password is required'),
  new_password: z.string().min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort).max(200),
});
export type PasswordChange = z.output<typeof passwordChangeSchema>;
export const sessionSchema = z.object({
  _id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
