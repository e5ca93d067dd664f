import { z } from 'zod';
import { personName } from './common.ts';
import { LANGUAGES, MIN_PASSWORD_LENGTH, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from './constants.ts';
import { MSG } from './messages.ts';

export const locationSchema = z.object({
  city: z.string().nullable(),
  pincode: z.string().nullable(),
  address: z.string().nullable(),
});

/** A language of the app and the e-mails (ADR 073). */
export const languageSchema = z.enum(LANGUAGES);

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
  /** Whether the user signs in with a second factor (ADR 028). */
  two_factor_enabled: z.boolean(),
  /**
   * The language the user chose in their settings (ADR 073), used for the app and their e-mails; null until
   * they choose: the app follows the browser and e-mails are in English.
   */
  language: languageSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const oauthParamsSchema = z
  .object({
    client_id: z.string(),
    redirect_uri: z.string(),
    response_type: z.string().optional(),
    scope: z.string().optional(),
    state: z.string().optional(),
    /** PKCE (RFC 7636): required of public clients, S256 only. */
    code_challenge: z.string().optional(),
    code_challenge_method: z.string().optional(),
  })
  .nullable()
  .optional();
export type OAuthParams = z.infer<typeof oauthParamsSchema>;

/** Login form rules of spec section 5, shared by the web form and the server. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, MSG.emailRequired).email(MSG.emailInvalid),
  password: z.string().min(1, MSG.passwordRequired).min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort),
});
/** A 6-digit authenticator code (spaces ignored). */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(TOTP_CODE_PATTERN, 'Enter the 6-digit code'));
/** A recovery code, `xxxxx-xxxxx` (case, spaces and dashes ignored). */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(RECOVERY_CODE_PATTERN, 'Enter a recovery code like abcde-12345'));

/**
 * POST /auth/login. With two-factor sign-in on (ADR 028) the first submission (no code) answers 401
 * `two_factor_required`; the client resubmits the same e-mail and password with `otp` or `recovery_code`.
 */
export const loginBodySchema = loginFormSchema.extend({
  oauth_params: oauthParamsSchema,
  otp: totpCodeSchema.optional(),
  recovery_code: recoveryCodeSchema.optional(),
});
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
  name: personName('Name is required', 120),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Invalid mobile number')
    .nullable()
    .or(z.literal('').transform(() => null)),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
/**
 * PATCH /api/account/profile: any of the profile's fields, and the language (null: follow the browser
 * again). A field left out stays as it is; at least one is given.
 */
export const profilePatchSchema = profileUpdateSchema
  .partial()
  .extend({ language: languageSchema.nullable().optional() })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Nothing to change');
export type ProfilePatch = z.output<typeof profilePatchSchema>;
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
/** POST /api/account/sessions/revoke-others: every session of the caller but this one ended. */
export const otherSessionsEndedSchema = z.object({
  message: z.string(),
  sessions_ended: z.number().int(),
});
export type OtherSessionsEnded = z.infer<typeof otherSessionsEndedSchema>;

/** GET /api/account/two-factor: the caller's second factor. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  /** Unused recovery codes (0 when off). */
  recovery_codes_left: z.number().int(),
  /** Whether this user must use it (admins, when ADMIN_TWO_FACTOR_REQUIRED is on). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/account/two-factor/setup: a new secret, shown once (never returned again). */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code: an SVG image as a data: URL. */
  qr_svg_data_url: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableBodySchema = z.object({ code: totpCodeSchema });
/** The recovery codes, shown once. */
export const twoFactorEnabledSchema = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

/** Turning it off takes the password and a current code (authenticator or recovery code). */
export const twoFactorDisableBodySchema = z.object({
  password: z.string().min(1, 'Password is required'),
  code: z.string().trim().min(1, 'Enter a code from your authenticator app or a recovery code').max(40),
});
/** New recovery codes take the same as turning it off: the password and a current code. */
export const twoFactorRecoveryCodesBodySchema = twoFactorDisableBodySchema;
/** POST /api/account/two-factor/recovery-codes: a new set (the old ones stop working), shown once. */
export const twoFactorRecoveryCodesSchema = twoFactorEnabledSchema;
export type TwoFactorRecoveryCodes = TwoFactorEnabled;
