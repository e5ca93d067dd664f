import { ROOM_TYPE_LABELS } from '@isaac/contract';
import type { AQI_BANDS_CPCB, AQI_BANDS_US_EPA_2024 } from '@isaac/contract';

type Band = (typeof AQI_BANDS_CPCB)[number] | (typeof AQI_BANDS_US_EPA_2024)[number];
/** Each band's label as the contract has it (the type says which words, so they cannot drift). */
type BandLabels = { [B in Band['band']]: Extract<Band, { band: B }>['label'] };
/**
 * The AQI band names of both scales, in the contract's words. Written out rather than read from the
 * contract's band tables: those sit beside its zod schemas, which /login must not download.
 */
const aqi = {
  good: 'Good',
  satisfactory: 'Satisfactory',
  moderate: 'Moderate',
  poor: 'Poor',
  very_poor: 'Very Poor',
  severe: 'Severe',
  unhealthy_sensitive: 'Unhealthy for Sensitive Groups',
  unhealthy: 'Unhealthy',
  very_unhealthy: 'Very Unhealthy',
  hazardous: 'Hazardous',
} as const satisfies BandLabels;

/**
 * The shell's and the shared components' English (namespace `common`, bundled with lib/i18n): the
 * sidebar, the header, the notification bell, the dialogs' common buttons, lists, offline, device badges.
 */
const common = {
  nav: {
    dashboard: 'Dashboard',
    users: 'Users',
    /** The electrician's customers (the spec's 'Users' menu item). */
    customers: 'Users',
    devices: 'Devices',
    electricians: 'Electricians',
    settings: 'Settings',
    reports: 'Reports',
    activity: 'Activity',
    orders: 'Orders',
    messages: 'Messages',
    installations: 'Installations',
    quotes: 'Quotes',
    outbox: 'Outbox',
    rooms: 'Rooms',
    customerMode: 'Customer Mode',
    workflow: 'Workflow',
    install: 'Install',
    automations: 'Automations',
    members: 'Members',
  },
  /** A signed-in page's document title: 'Settings | Isaac Owner'. */
  documentTitle: '{{page}} | Isaac {{area}}',
  pageNames: {
    assignedDevices: 'Assigned Devices',
    assignedCustomers: 'Assigned Customers',
    invoice: 'Invoice',
  },
  shell: {
    skipToContent: 'Skip to content',
    navigation: 'Dashboard navigation',
    mainMenu: 'Main menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    logout: 'Logout',
    userFallback: 'User',
    roles: { admin: 'Admin', electrician: 'Electrician', owner: 'Owner', user: 'User' },
  },
  ui: {
    close: 'Close',
    cancel: 'Cancel',
    confirm: 'Confirm',
    retry: 'Retry',
    save: 'Save',
    loading: 'Loading…',
    loadFailed: 'Could not open this',
    loadFailedDetail: 'This part of the app did not load. Check your connection and try again.',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {{page}} of {{count}}',
    pagination: 'Pagination',
    actions: 'Actions',
    sortBy: 'Sort by',
    newestFirst: 'Newest first',
    oldestFirst: 'Oldest first',
    ascending: '{{column}} (ascending)',
    descending: '{{column}} (descending)',
    on: 'On',
    off: 'Off',
    search: 'Search',
    clearFilters: 'Clear filters',
    viewAll: 'View All',
    dateHint: 'dd/mm/yyyy',
    dateInvalid: 'Enter the date as dd/mm/yyyy',
  },
  list: {
    loading: 'Loading {{noun}}…',
    count: '{{count}} {{noun}}',
    countFound: '{{count}} {{noun}} found',
    showing: 'Showing {{first}}–{{last}} of {{total}} {{noun}}',
    pages: '{{singular}} pages',
    pageEmpty: 'This page is empty.',
    nothingMatches: 'Nothing matches this search and these filters.',
    firstPage: 'Go to the first page',
  },
  offline: {
    offline: 'Offline.',
    asOf: 'Showing what this device saved, as of {{time}}.',
    nothingSaved: 'Nothing saved for this page yet.',
    justNow: 'just now',
    minutesAgo: '{{count}} min ago',
    hoursAgo: '{{count}} h ago',
    daysAgo: '{{count}} days ago',
    ownerCommands: 'Commands to your devices need the network: they work again once you are online.',
    electricianQueued: 'Your changes are saved on this phone and sent when you are back online.',
    needsNetwork: 'You are offline: this needs the network',
  },
  device: {
    online: 'Online',
    offline: 'Offline',
    battery: 'Battery',
    batteryUnknown: 'Battery n/a',
    batteryTone: { green: 'good', yellow: 'medium', red: 'low' },
    noReading: 'No reading yet',
    measured: 'Measured {{time}}',
    reading: 'AQI {{aqi}} · PM2.5 {{pm25}} µg/m³',
  },
  aqi,
  /** Room types (owner and electrician rooms), the contract's words. */
  roomTypes: ROOM_TYPE_LABELS,
  devices: {
    none: 'No devices',
    count_one: '{{count}} device',
    count_other: '{{count}} devices',
  },
  power: { turnOn: 'Turn On', turnOff: 'Turn Off' },
  format: { never: 'Never', unknown: 'Unknown' },
  notifications: {
    title: 'Notifications',
    unreadLabel: 'Notifications, {{count}} unread',
    load: 'Error loading notifications',
    loading: 'Loading notifications',
    empty: 'You’re all caught up',
    markAllRead: 'Mark all read',
    markRead: 'Mark read',
    markReadOf: 'Mark read: {{title}}',
    unread: '(unread)',
    justNow: 'just now',
    allRead: 'All notifications marked read',
    markFailed: 'Could not update the notification',
    saved: 'Notification settings saved',
    saveFailed: 'Could not save the notification settings',
    pushOn: 'Push notifications are on for this browser',
    pushOff: 'Push notifications are off for this browser',
    pushFailed: 'Could not change push notifications for this browser',
    pushUnsupported: 'This browser cannot receive push notifications.',
    pushDenied:
      'This browser blocks notifications from Isaac. Allow them in the site settings, then turn them on here.',
    pushNotConfigured: 'Push notifications are not set up on this server.',
  },
  language: {
    label: 'Language',
    choose: 'Choose a language',
  },
};

export default common;
