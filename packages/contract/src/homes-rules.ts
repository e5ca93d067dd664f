/** The homes' messages apart from their schemas (homes.ts): zod-free (ADR 083). */

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
