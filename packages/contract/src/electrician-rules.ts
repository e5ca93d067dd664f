/**
 * The electrician area's messages and constants apart from its schemas (electrician.ts): zod-free, as the
 * signed-in first load reads them (ADR 083).
 */
import type { DeviceSort } from './owner-rules.ts';

/**
 * What a drawn signature may be (issue 29): a well-formed PNG (signature bytes, IHDR first, IEND last, every
 * chunk's CRC right) of these pixel dimensions and at most `maxBytes` decoded. The web caps its canvas to it.
 */
export const SIGNATURE_PNG_LIMITS = {
  minWidth: 50,
  minHeight: 20,
  maxWidth: 2000,
  maxHeight: 1000,
  maxBytes: 300_000,
} as const;

export const ELECTRICIAN_MSG = {
  roomNameRequired: 'Room name is required',
  wifiRequired: 'WiFi SSID and password are required',
  deviceConfigured: 'Device configured successfully',
  deviceConfigureFailed: 'Failed to configure device',
  deviceAssigned: 'Device assigned to customer successfully',
  deviceAssignFailed: 'Failed to assign device',
  installationStarted: 'Installation started successfully',
  installationStartFailed: 'Failed to start installation',
  installationSessionStarted: 'Installation session started',
  phaseUpdated: 'Installation phase updated',
  phaseUpdateFailed: 'Failed to update phase',
  installationCompleted: 'Installation completed successfully',
  installationCompleteFailed: 'Failed to complete installation',
  loadDashboard: 'Error loading dashboard data',
  loadDevices: 'Error loading devices',
  loadCustomers: 'Error loading customers',
  loadInstallations: 'Error loading installations',
  loadRooms: 'Error loading rooms',
  noDevices: 'No devices found',
  noRecentInstallations: 'No recent installations',
  noInstallations: 'No Installations',
  noCustomerSelected: 'No customer selected',
  missingCustomerOrDevice: 'Missing customer or device',
  customerNotFound: 'Customer not found',
  deviceNotFound: 'Device not found',
  roomNotFound: 'Room not found',
  installationNotFound: 'Installation not found',
  deviceNotAvailable: 'This device already belongs to a customer',
  readOnly:
    "This customer's installation was completed more than the grace period ago: their home is read-only for you now",
  installationNotPending: 'Only a pending installation can be started',
  installationNotInProgress: 'The installation is not in progress',
  installationAlreadyCompleted: 'The installation is already completed',
  completedPhaseThroughComplete: 'Use Complete Installation to finish an installation',
  accessRevoked: 'Electrician access revoked',
  serialNotFound: 'No device with this serial number is assigned to you',
  guidedIncomplete: 'The installation cannot be completed yet',
  signatureSaved: 'Signature saved',
  jobReassigned:
    'The admin has assigned this customer to another electrician: this installation can no longer be changed by you',
  signatureNotPng: 'The signature must be a PNG image',
  signatureDimensions: (limits: typeof SIGNATURE_PNG_LIMITS) =>
    `The signature image must be between ${limits.minWidth}×${limits.minHeight} and ${limits.maxWidth}×${limits.maxHeight} pixels`,
  signatureTooLarge: 'The signature image is too large',
  signatureFinal: 'The customer has already signed: reopen the installation to have them sign again',
  installationReopened: 'Installation reopened: the signature is cleared',
  reopenReasonRequired: 'Say why the installation is reopened',
  trainingConfirmed: 'Training confirmed',
  deviceAdded: 'Device added to the installation',
  deviceTested: 'The device answered the test command',
  deviceNotInInstallation: 'This device is not in the installation',
} as const;

/**
 * The electrician's lists (issue 31): each pages and sorts on the server by the columns its screen shows
 * (contract `sortQueryShape`: `sort` is the name the response spells, `order` asc/desc), by default in
 * its natural order; the device list also searches (name, serial number, the customer's name or e-mail).
 */
export const ELECTRICIAN_DEVICE_SORTS = [
  'name',
  'customer',
  'room_name',
  'is_connected',
  'wifi_configured',
  'bluetooth_paired',
  'battery_level',
  'created_at',
] as const satisfies readonly DeviceSort[];
export type ElectricianDeviceSort = (typeof ELECTRICIAN_DEVICE_SORTS)[number];

export const ELECTRICIAN_USER_SORTS = [
  'name',
  'mobile',
  'city',
  'installation_date',
  'customer-status',
] as const;
export type ElectricianUserSort = (typeof ELECTRICIAN_USER_SORTS)[number];

export const ELECTRICIAN_ROOM_SORTS = ['customer', 'name', 'created_at'] as const;
export type ElectricianRoomSort = (typeof ELECTRICIAN_ROOM_SORTS)[number];

export const INSTALLATION_SORTS = ['customer', 'installation_date', 'status', 'created_at'] as const;
export type InstallationSort = (typeof INSTALLATION_SORTS)[number];
