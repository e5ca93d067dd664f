import type { HOMES_MESSAGES, INVITATION_MSG } from '@isaac/contract';

/** The sign-in, invitation and password pages' English (namespace `auth`). */
/**
 * The contract's INVITATION_MSG and HOMES_MESSAGES, written out: they sit beside zod schemas, which these
 * pages must not download. `satisfies typeof …` pins each word to the contract's (as const there).
 */
const invitation = {
  accepted: 'Your password is set. Sign in to see your orders.',
  invalid: 'This invitation link is not valid. Ask us for a new one.',
  used: 'This invitation link has already been used. Sign in with your password.',
  expired: 'This invitation link has expired. Ask us for a new one.',
} satisfies typeof INVITATION_MSG;

const auth = {
  login: {
    backHome: 'Back to Home',
    linkTitle: 'Link your Isaac account',
    title: 'Sign in to your account',
    linkIntro: 'Sign in to allow your voice assistant to control your Isaac devices.',
    intro: 'Manage your devices, rooms and installations.',
    linking:
      'You are linking <strong>{{client}}</strong> to your Isaac account. After you sign in you will be asked to allow it to {{scope}}.',
    checking: 'Checking the link request...',
    email: 'Email',
    password: 'Password',
    hidePassword: 'Hide password',
    showPassword: 'Show password',
    redirecting: 'Redirecting...',
    signingIn: 'Signing in...',
    signInLink: 'Sign in and link',
    signIn: 'Sign in',
    rulesUnavailable: 'Could not load the sign-in form. Check your connection and try again.',
  },
  guard: {
    loadFailed: 'Could not load your account',
    signOut: 'Sign out',
    noDashboard: 'No dashboard for this account',
    noDashboardText:
      '{{account}} is signed in, but its role has no dashboard. Ask an administrator to change your role.',
    thisAccount: 'This account',
  },
  twoFactor: {
    codeInvalid: 'Enter the 6-digit code',
    recoveryInvalid: 'Enter a recovery code like abcde-12345',
    recoveryPrompt: 'Enter one of the recovery codes you saved when you set up two-factor sign-in.',
    signingInAs: 'Signing in as {{email}}',
    recoveryCode: 'Recovery code',
    code: 'Authentication code',
    verifying: 'Verifying...',
    verify: 'Verify and sign in',
    back: 'Back',
    useApp: 'Use your authenticator app',
    useRecovery: 'Use a recovery code',
  },
  demo: {
    title: 'Demo accounts',
    passwordFor: 'Password for all {{count}}:',
    use: 'Use',
    useRole: 'Use the {{role}} demo account',
    useNamed: "Use {{name}}'s demo account ({{role}})",
    roles: { admin: 'Admin', electrician: 'Electrician', owner: 'Owner' },
    roleWords: { admin: 'admin', electrician: 'electrician', owner: 'owner' },
    more: '{{count}} more demo accounts (a second electrician, other homes)',
  },
  invite: {
    mismatch: 'The two passwords do not match',
    openFailed: 'Could not open the invitation. Try again.',
    setFailed: 'Could not set the password. Check your connection and try again.',
    opening: 'Opening your invitation...',
    alreadySet: 'Already set a password? <link>Sign in</link>',
    welcome: 'Welcome, {{name}}',
    choose:
      'Choose a password for <email>{{email}}</email> to follow your order and installation, and control your devices.',
    newPassword: 'New password',
    atLeast: 'At least {{count}} characters.',
    confirm: 'Confirm password',
    set: 'Set password',
    ...invitation,
  },
  homeInvite: {
    openFailed: 'Could not open the invitation.',
    nameRequired: 'Name is required',
    ready: 'Your account is ready: sign in to open the home',
    createFailed: 'Could not create the account. Try again.',
    joined: 'You have joined the home',
    acceptFailed: 'Could not accept the invitation. Sign in with the invited e-mail first.',
    opening: 'Opening your invitation...',
    join: 'Join {{home}}',
    invited: '{{by}} invited <email>{{email}}</email> as {{role}}.',
    roles: { owner: 'owner', member: 'member', guest: 'guest' },
    accept: 'Accept the invitation',
    signInFirst: 'with this e-mail, then open the link again to accept.',
    name: 'Your name',
    password: 'Password',
    confirm: 'Confirm password',
    create: 'Create account and join',
    messages: {
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
    } satisfies Partial<typeof HOMES_MESSAGES>,
  },
};

export default auth;
