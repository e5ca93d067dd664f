/** User-facing text the spec fixes word for word (sections 5 and 8). */
export const MSG = {
  // login
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed. Please check your credentials.',
  csrfFetchFailed: 'Failed to fetch CSRF token',
  unauthorized: 'Unauthorized',
  invalidRedirect: 'Invalid redirect URL. Please try again.',
  authorizationSuccess: 'Authorization successful! Redirecting...',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  // storefront
  purchaseRequired: 'Please fill in all required fields',
  paymentDefault: 'Payment initialization failed. Please try again.',
  paymentOrderFailed: 'Unable to create payment order. Please try again later.',
  paymentScriptFailed: 'Payment service temporarily unavailable. Please try again.',
  paymentInvalid: 'Invalid payment details. Please check your information.',
  contactSuccess: "Message sent successfully! We'll get back to you soon.",
  contactFailed: 'Failed to send message. Please try again.',
  // owner
  deviceAdded: 'Device added successfully',
  deviceAddFailed: 'Failed to add device',
  deviceToggled: 'Device toggled successfully',
  deviceToggleFailed: 'Failed to toggle device',
  deviceUpToDate: 'Device is up to date',
  updateAvailable: (current: string, latest: string) => `Update available: ${current} → ${latest}`,
  updateCheckFailed: 'Failed to check for updates',
  deviceAssigned: 'Device assigned to room successfully',
  deviceAssignFailed: 'Failed to assign device to room',
  deviceUnassigned: 'Device unassigned from room successfully',
  deviceUnassignFailed: 'Failed to unassign device from room',
  roomCreated: 'Room created successfully',
  roomCreateFailed: 'Failed to create room',
  selectRoom: 'Please select a room',
  // owner (beyond the spec: room edit/delete and account settings, issue 4)
  roomUpdated: 'Room updated successfully',
  roomUpdateFailed: 'Failed to update room',
  roomDeleted: 'Room deleted successfully',
  roomDeleteFailed: 'Failed to delete room',
  profileSaved: 'Profile updated successfully',
  profileSaveFailed: 'Failed to update profile',
  passwordChanged: 'Password changed successfully',
  passwordChangeFailed: 'Failed to change password',
  passwordsDoNotMatch: 'Passwords do not match',
  otherSessionsEnded: 'Your other sessions have been signed out.',
  sessionEnded: 'Session ended',
  sessionEndFailed: 'Failed to end session',
  loadSessions: 'Error loading sessions',
  // load errors
  loadDashboard: 'Error loading dashboard data',
  loadDevices: 'Error loading devices',
  loadRooms: 'Error loading rooms',
  loadUsers: 'Error loading users',
  // empty states
  noDevices: 'No devices found',
  addFirstDevice: 'Add Your First Device',
  noRooms: 'No rooms found',
  createFirstRoom: 'Create Your First Room',
  comingSoon: 'Coming soon',
} as const;

/** Storefront texts beyond the spec's (issue 3): payments, newsletter. The server and the web both use them. */
export const STOREFRONT_MSG = {
  contactStored: MSG.contactSuccess,
  newsletterSubscribed: 'Thanks for subscribing! Look out for our next update in your inbox.',
  newsletterAlreadySubscribed: 'You are already subscribed to our newsletter.',
  newsletterFailed: 'Subscription failed. Please try again.',
  paymentFailed: 'Payment failed. No money was taken — please try again.',
  paymentNotConfirmed: (orderId: string) =>
    `We could not confirm your payment. Please contact support with order reference ${orderId}.`,
} as const;

/** Firmware upload (spec sections 5 and 8): the browser's and the server's texts. */
export const FIRMWARE_MSG = {
  invalidType: 'Invalid file type. Only .bin, .hex, .elf files are allowed',
  tooLarge: 'File too large. Maximum file size is 16MB',
  authRequired: 'Authentication required. Please log in again.',
  uploadFailed: 'Failed to upload firmware',
  uploadFailedStatus: (status: number) => `Upload failed with status ${status}`,
  /** "a firmware message with file name, version and size in KB" */
  uploaded: (filename: string, version: string, bytes: number) =>
    `Firmware ${filename} (v${version.replace(/^v/i, '')}, ${(bytes / 1024).toFixed(1)} KB) uploaded successfully`,
  fileRequired: 'Please choose a firmware file',
  versionRequired: 'Version is required',
  versionFormat: 'Version must be a semantic version such as v1.1.0 (MAJOR.MINOR.PATCH)',
  releaseNotesTooLong: (max: number) => `Release notes may have at most ${max} characters`,
  deleted: 'Firmware deleted successfully',
  deleteFailed: 'Failed to delete firmware',
  loadFailed: 'Error loading firmware',
  none: 'No firmware uploaded yet',
} as const;

/**
 * The back office's texts (admin screens, two-factor sign-in; spec sections 5 and 8, issue 10), apart from
 * MSG so pages that never show them (/login, the storefront) do not load them.
 */
export const ADMIN_MSG = {
  twoFactorOn: 'Two-factor sign-in is on',
  twoFactorOff: 'Two-factor sign-in is off',
  twoFactorSetupFailed: 'Failed to start two-factor setup',
  twoFactorEnableFailed: 'Failed to turn on two-factor sign-in',
  twoFactorDisableFailed: 'Failed to turn off two-factor sign-in',
  loadTwoFactor: 'Error loading two-factor sign-in',
  userTwoFactorReset: 'Two-factor sign-in reset',
  userTwoFactorResetFailed: 'Failed to reset two-factor sign-in',
  loadAdminDashboard: 'Error loading admin dashboard',
  loadActivity: 'Error loading activity',
  noRecentActivity: 'No recent activity',
  userAdded: 'User added successfully',
  userAddFailed: 'Failed to add user',
  userUpdated: 'User updated successfully',
  userUpdateFailed: 'Failed to update user',
  userDeleted: 'User deleted successfully',
  userDeleteFailed: 'Failed to delete user',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  userSessionsEnded: (count: number) => `Ended ${count} session${count === 1 ? '' : 's'}`,
  userSessionsEndFailed: 'Failed to end sessions',
  noUsers: 'No users found',
  selectElectricianCustomersAndDate: 'Please select electrician, customers, and installation date',
  selectElectricianAndDevices: 'Please select electrician and devices',
  customersAssigned: 'Customers assigned successfully',
  customersAssignFailed: 'Failed to assign customers',
  devicesAssigned: 'Devices assigned successfully',
  devicesAssignFailed: 'Failed to assign devices',
  selectDevices: 'Please select devices',
  installationDateInPast: 'Installation date must be today or later',
  devicesUnassignedFromElectrician: 'Devices unassigned from electrician successfully',
  devicesUnassignedFromOwner: 'Devices unassigned from owner successfully',
  devicesUnassignFailed: 'Failed to unassign devices',
  customerUnassigned: 'Customer unassigned successfully',
  customerUnassignFailed: 'Failed to unassign customer',
  loadElectricians: 'Error loading electricians',
  loadCustomers: 'Error loading customers',
  noElectricians: 'No electricians found',
  noCustomers: 'No customers found',
} as const;
