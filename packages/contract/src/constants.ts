/** Business constants of spec section 9. Money is always integer paise. */
export const CURRENCY = 'INR';
export const PAISE_PER_RUPEE = 100;
export const HEADER_OPAQUE_AFTER_PX = 20;
export const PAYMENT_SUCCESS_COUNTDOWN_S = 10;
export const TOAST_DURATION_MS = 4000;
export const MIN_PASSWORD_LENGTH = 6;
export const TOKEN_REFRESH_INTERVAL_MS = 25 * 60 * 1000;
export const ACCESS_TOKEN_TTL_S = 30 * 60;
export const TOKEN_STORAGE_KEY = 'isaac_auth_token';
export const CSRF_STORAGE_KEY = 'csrf_token';
export const LIST_REFETCH_INTERVAL_MS = 30_000;
export const DASHBOARD_QUERY_RETRY = 1;
export const RECENT_ITEMS_ELECTRICIAN = 5;
export const RECENT_ITEMS_OWNER = 6;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** A list's sort order (every list's `order`, `sortQueryShape` in common.ts). */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** Two-factor sign-in (ADR 028): RFC 6238 codes of 6 digits every 30 s; 10 single-use recovery codes. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes read `xxxxx-xxxxx` (lowercase letters and digits, no look-alikes); case, spaces and dashes are ignored. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;
export const FIRMWARE_MAX_BYTES = 16 * 1024 * 1024;
export const FIRMWARE_EXTENSIONS = ['.bin', '.hex', '.elf'] as const;
export const FIRMWARE_DEFAULT_VERSION = 'v1.1.0';
export const SUBSCRIPTION_DISCOUNT_PERCENT = 15;
export const BUSINESS_HOURS = 'Mon-Fri 9-6 IST, Sat 10-4 IST, Sun closed';

/**
 * The languages of the signed-in areas, the sign-in pages and the e-mails (issue 34, ADR 073): English is
 * the spec's and the fallback; each has its Intl locale (Indian formats: lakh and crore grouping).
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };
/** Each language's own name, as a person who reads it looks for it in a menu. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

export const DEVICE_TYPES = ['isaac', 'lumos', 'skywalker'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
/** Each product's one display name, everywhere (issue 30): "Roll out ISAAC 2.0.0", "SKYWALKER", "Lumos". */
export const DEVICE_TYPE_NAMES: Record<DeviceType, string> = {
  isaac: 'ISAAC',
  lumos: 'Lumos',
  skywalker: 'SKYWALKER',
};
export const DEFAULT_DEVICE_TYPE: DeviceType = 'isaac';

export const OWNER_ROOM_TYPES = [
  'bedroom',
  'living_room',
  'kitchen',
  'bathroom',
  'office',
  'dining_room',
  'garage',
  'other',
] as const;
export type OwnerRoomType = (typeof OWNER_ROOM_TYPES)[number];
export const DEFAULT_OWNER_ROOM_TYPE: OwnerRoomType = 'bedroom';
export const CUSTOMER_ROOM_TYPES = ['general', 'bedroom', 'living_room', 'kitchen', 'bathroom'] as const;
/** Every room type any screen can create (the union of the owner and electrician lists). */
export const ROOM_TYPES = [...OWNER_ROOM_TYPES, 'general'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
/** How each room type reads in the UI (here, not beside the schemas: screens import it without zod). */
export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  bedroom: 'Bedroom',
  living_room: 'Living Room',
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
  office: 'Office',
  dining_room: 'Dining Room',
  garage: 'Garage',
  other: 'Other',
  general: 'General',
};

/** A user's status (spec section 4: active shows green, anything else red); admins set one of these. */
export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Longest admin user search text (name or e-mail part). */
export const MAX_USER_SEARCH_LENGTH = 100;

export const INSTALLATION_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];
export const INSTALLATION_PHASES = [
  'pre_installation',
  'in_progress',
  'post_installation',
  'completed',
] as const;
export type InstallationPhase = (typeof INSTALLATION_PHASES)[number];
/** Whether each device of an installation is configured yet. */
export const INSTALLATION_DEVICE_STATUSES = ['pending', 'configured'] as const;
export type InstallationDeviceStatus = (typeof INSTALLATION_DEVICE_STATUSES)[number];
/**
 * What a device of an installation may still need before it counts as configured (issue 30): its WiFi set
 * (every device type joins the home's WiFi), and the device seen online at least once.
 */
export const INSTALLATION_DEVICE_NEEDS = ['wifi', 'online', 'test'] as const;
export type InstallationDeviceNeed = (typeof INSTALLATION_DEVICE_NEEDS)[number];
/** A customer's status with their electrician (spec section 3, "customer-status"). */
/** The guided install's steps, in order (ADR 034). */
export const GUIDED_STEPS = [
  'devices',
  'rooms',
  'configure',
  'check',
  'training',
  'signature',
  'handover',
] as const;
export type GuidedStep = (typeof GUIDED_STEPS)[number];
/** What the customer is shown before signing (the training checklist). */
export const TRAINING_ITEMS = [
  'Turning each device on and off in the app',
  'Reading the air quality and the filter life',
  'Rooms and switch names',
  'Who to call for support',
] as const;

export const CUSTOMER_STATUSES = ['assigned', 'in_progress', 'completed'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const CONTACT_SUBJECTS = [
  { value: 'product-inquiry', label: 'Product Inquiry' },
  { value: 'technical-support', label: 'Technical Support' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

/** Indian digit grouping: 12400000 paise → "₹1,24,000". */
export function formatInr(paise: number, locale = 'en-IN'): string {
  const rupees = paise / PAISE_PER_RUPEE;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: CURRENCY,
    maximumFractionDigits: Number.isInteger(rupees) ? 0 : 2,
  }).format(rupees);
}

/**
 * Bounded voice work (issue 27, ADR 054): one Google EXECUTE runs at most `maxStepsPerRequest` device
 * commands (identical endpoint + command pairs once; the endpoints beyond the cap answer Google's
 * `actionNotAvailable`), all of them concurrently (one device's steps in order) under one deadline of
 * `deadlineMs` — inside Google's and Amazon's ~8 s response limits; an endpoint whose device has not
 * answered by then is reported offline (Google `deviceOffline`, Alexa `ENDPOINT_UNREACHABLE`). An Alexa
 * directive names one endpoint: one step, under the same deadline.
 */
export const VOICE_LIMITS = { maxStepsPerRequest: 50, deadlineMs: 6_500 } as const;

/**
 * A device's state in a rollout (issue 14, ADR 037): QUEUED → INITIATED → DOWNLOADING → DOWNLOADED → VERIFIED →
 * UPDATING → UPDATED | FAILED; CANCELLED (the rollout was cancelled while the device waited), SKIPPED (still
 * queued, offline, when the rollout's window closed: reason 'offline since …', ADR 053).
 */
export const ROLLOUT_DEVICE_STATES = [
  'QUEUED',
  'INITIATED',
  'DOWNLOADING',
  'DOWNLOADED',
  'VERIFIED',
  'UPDATING',
  'UPDATED',
  'FAILED',
  'CANCELLED',
  'SKIPPED',
] as const;
export type RolloutDeviceState = (typeof ROLLOUT_DEVICE_STATES)[number];

/** A device being updated right now: its command sent, not yet UPDATED or FAILED (each state has a timeout). */
export const ROLLOUT_IN_FLIGHT_STATES = [
  'INITIATED',
  'DOWNLOADING',
  'DOWNLOADED',
  'VERIFIED',
  'UPDATING',
] as const satisfies readonly RolloutDeviceState[];
export type RolloutInFlightState = (typeof ROLLOUT_IN_FLIGHT_STATES)[number];

/** What the admin's rollouts screen calls each state. */
export const ROLLOUT_DEVICE_STATE_LABELS: Record<RolloutDeviceState, string> = {
  QUEUED: 'Queued',
  INITIATED: 'Initiated',
  DOWNLOADING: 'Downloading',
  DOWNLOADED: 'Downloaded',
  VERIFIED: 'Verified',
  UPDATING: 'Updating',
  UPDATED: 'Updated',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  SKIPPED: 'Skipped',
};

/** What an owner's device card says of an update under way, by its state. */
export const ROLLOUT_DEVICE_STEP_TEXT: Partial<Record<RolloutDeviceState, string>> = {
  QUEUED: 'waiting its turn',
  INITIATED: 'starting',
  DOWNLOADING: 'downloading',
  DOWNLOADED: 'downloaded',
  VERIFIED: 'verified',
  UPDATING: 'installing',
};

/**
 * A rollout's status: running; paused (by an admin) or halted (a stage's failure rate passed the threshold),
 * both resumable; cancelled and completed are final.
 */
export const ROLLOUT_STATUSES = ['running', 'paused', 'halted', 'cancelled', 'completed'] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];

/** What an admin may do to a rollout (POST /api/admin/rollouts/:id/actions). */
export const ROLLOUT_ACTIONS = ['pause', 'resume', 'cancel', 'retry'] as const;
export type RolloutAction = (typeof ROLLOUT_ACTIONS)[number];

/** The company's registered office: the one address every storefront page, e-mail and invoice
 * shows (here, not in gst.ts: the storefront's first load reads it and must not bring the schemas). */
export const COMPANY_ADDRESS_LINES = [
  '3rd Floor, 100 Feet Road',
  'Indiranagar, Bengaluru',
  'Karnataka 560038, India',
] as const;
