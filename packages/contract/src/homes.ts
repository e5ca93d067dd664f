import { z } from 'zod';
import { personName } from './common.ts';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { languageSchema } from './auth.ts';
import { MSG } from './messages.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from './time.ts';
import { HOME_ROLES, HOMES_MESSAGES } from './homes-rules.ts';

const homeRole = z.enum(HOME_ROLES);

/** One home of the caller (GET /api/homes). */
export const homeSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** IANA time zone: the clock of the home's automations (Asia/Kolkata by default). */
  time_zone: z.string(),
  role: homeRole,
  /** A guest's end of access; null otherwise. */
  ends_at: z.string().nullable(),
  /** The home the caller's requests reach without a header (the one used last). */
  current: z.boolean(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
export const homeListSchema = z.object({ items: z.array(homeSummarySchema) });
export type HomeList = z.infer<typeof homeListSchema>;

/** One person with access to a home (GET /api/homes/:id/members). */
export const homeMemberSchema = z.object({
  _id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: homeRole,
  rooms: z.array(z.string()),
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type HomeMember = z.infer<typeof homeMemberSchema>;

/** An invitation not yet used. */
export const pendingInvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: homeRole,
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const homeMembersSchema = z.object({
  members: z.array(homeMemberSchema),
  invitations: z.array(pendingInvitationSchema),
});
export type HomeMembers = z.infer<typeof homeMembersSchema>;

/** A role with, for a guest, its rooms and end time. */
const roleChange = {
  role: homeRole,
  rooms: z.array(z.string()).max(100).optional(),
  ends_at: z.string().datetime({ offset: true }).nullable().optional(),
};

/** POST /api/homes/:id/invitations */
export const inviteMemberBodySchema = z.object({
  email: z.string().trim().toLowerCase().email(MSG.emailInvalid).max(254),
  ...roleChange,
});
export type InviteMemberBody = z.input<typeof inviteMemberBodySchema>;

/** A home's time zone: an IANA name the runtime knows (Asia/Kolkata; the browser lists them). */
const timeZoneField = z
  .string()
  .trim()
  .min(1, HOMES_MESSAGES.badTimeZone)
  .max(64)
  .refine(isTimeZone, HOMES_MESSAGES.badTimeZone);
const homeName = personName('Name is required', 80);

/** POST /api/homes: a new home, its maker its owner (and their current home). */
export const newHomeBodySchema = z.object({
  name: homeName,
  time_zone: timeZoneField.default(DEFAULT_TIME_ZONE),
});
export type NewHomeBody = z.input<typeof newHomeBodySchema>;

/** PATCH /api/homes/:id: a new name, a new time zone (its schedules move to the new clock), or both. */
export const updateHomeBodySchema = z
  .object({ name: homeName.optional(), time_zone: timeZoneField.optional() })
  .refine((body) => body.name !== undefined || body.time_zone !== undefined, {
    message: HOMES_MESSAGES.nothingToChange,
    path: ['name'],
  });
export type UpdateHomeBody = z.input<typeof updateHomeBodySchema>;

/** PUT /api/homes/:id/members/:memberId */
export const changeMemberBodySchema = z.object(roleChange);
export type ChangeMemberBody = z.input<typeof changeMemberBodySchema>;

/** GET /api/home-invitations/:token: what the link offers (to greet the invitee). */
export const homeInvitationSchema = z.object({
  home_name: z.string(),
  invited_by: z.string(),
  email: z.string(),
  role: homeRole,
  expires_at: z.string(),
  /** Whether an account with the e-mail exists (then: sign in and join; else: sign up here). */
  has_account: z.boolean(),
});
export type HomeInvitation = z.infer<typeof homeInvitationSchema>;

/** POST /api/home-invitations/:token/sign-up: an account for the invited e-mail, and the membership. */
export const homeInvitationSignUpBodySchema = z.object({
  name: personName(),
  password: z.string().min(1, MSG.passwordRequired).min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort).max(200),
  /** The language the page was read in (ADR 073): the new account's, so its e-mails use it. */
  language: languageSchema.optional(),
});
export type HomeInvitationSignUpBody = z.input<typeof homeInvitationSignUpBodySchema>;

/** One line of a home's activity log: who did what, through which channel. */
export const homeActivitySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  entity_name: z.string().nullable(),
  channel: z.string(),
  /** "Asha turned on Living Room Purifier via Google Home". */
  text: z.string(),
});
export type HomeActivity = z.infer<typeof homeActivitySchema>;
export const homeActivityListSchema = z.object({ items: z.array(homeActivitySchema) });

/** Paths' parameters and answers of the homes API. */
export const homeMemberParamsSchema = z.object({
  id: z.string().min(1).max(64),
  memberId: z.string().min(1).max(64),
});
export const homeInvitationParamsSchema = z.object({
  id: z.string().min(1).max(64),
  invitationId: z.string().min(1).max(64),
});
export const homeInvitationTokenParamsSchema = z.object({ token: z.string().min(16).max(200) });
export const homeJoinedSchema = z.object({ email: z.string(), home_id: z.string() });
export type HomeJoined = z.infer<typeof homeJoinedSchema>;
export const pendingInvitationResponseSchema = z.object({ invitation: pendingInvitationSchema });
