/**
 * The homes' roles, what each may do, and their messages, apart from their schemas (homes.ts): zod-free, as
 * the owner's pages read them on their first load (ADR 083).
 */

export const HOMES_MESSAGES = {
  notFound: 'Home not found',
  notAllowed: 'Your role in this home does not allow that.',
  memberNotFound: 'Member not found',
  lastOwner: 'A home needs an owner: make someone else its owner first.',
  guestNeedsEnd: 'A guest needs an end time in the future.',
  guestNeedsRooms: 'Choose at least one room for a guest.',
  alreadyMember: 'That person already has access to this home.',
  invitationInvalid: 'This invitation link is not valid. Ask for a new one.',
  invitationUsed: 'This invitation has already been used. Sign in instead.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationOtherEmail: 'This invitation was sent to another e-mail address. Sign in with that one.',
  accountExists: 'An account with this e-mail exists: sign in to accept the invitation.',
  badTimeZone: 'Choose a time zone from the list.',
  nothingToChange: 'Give a new name or time zone.',
  hasDevices: 'This home still has devices: move or remove them before deleting it.',
  hasInstallations:
    'This home has installation records (the signed handover): it is kept with them. Contact support to close it.',
  created: (name: string) => `${name} created: it is your current home now`,
  changed: 'Home updated',
  deleted: (name: string) => `${name} deleted`,
} as const;

/**
 * Homes and their members (issue 32, ADR 069). A home holds rooms, devices, automations, installations and
 * voice links; people reach it through a membership with a role. THE vocabulary of what each role may do
 * is `HOME_PERMISSIONS`: the permission table names a route's home action (`RouteRule.home`), the API's
 * auth hook checks it against the caller's membership, and the web hides what the role may not do.
 */
export const HOME_ROLES = ['owner', 'member', 'guest'] as const;

export type HomeRole = (typeof HOME_ROLES)[number];

/** The header the web names the current home in; without it, the home the person used last. */
export const HOME_HEADER = 'x-isaac-home';

/** What can be done in a home → the roles that may do it. */
export const HOME_PERMISSIONS = {
  /** See the home's devices and rooms (a guest: their rooms' devices only). */
  'devices.see': ['owner', 'member', 'guest'],
  /** Turn devices on and off, change their speed or gangs (a guest: in their rooms). */
  'devices.control': ['owner', 'member', 'guest'],
  /** Add, remove, rename or move devices, configure them, check for updates. */
  'devices.manage': ['owner'],
  /** Add, rename and delete rooms. */
  'rooms.manage': ['owner'],
  /** Readings and command history. */
  'history.see': ['owner', 'member'],
  /** See, create, change and delete automations. */
  'automations.manage': ['owner', 'member'],
  /** Invite, change roles, end access; see who has access and the activity log. */
  'members.manage': ['owner'],
  /** Rename the home, delete it. */
  'home.manage': ['owner'],
} as const satisfies Record<string, readonly HomeRole[]>;

export type HomeAction = keyof typeof HOME_PERMISSIONS;

/** Whether `role` may do `action` in a home. */
export function homeRoleMay(role: HomeRole, action: HomeAction): boolean {
  return (HOME_PERMISSIONS[action] as readonly HomeRole[]).includes(role);
}

export const HOME_ROLE_LABELS: Record<HomeRole, string> = {
  owner: 'Owner',
  member: 'Member',
  guest: 'Guest',
};

/** How long a home invitation link works. */
export const HOME_INVITATION_TTL_HOURS = 72;
