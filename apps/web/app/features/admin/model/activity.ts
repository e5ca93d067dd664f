import {
  AUDIT_FIELD_LABELS,
  ROLE,
  type AuditAction,
  type AuditChannel,
  type AuditEntityType,
  type AuditEntry,
} from '@isaac/contract';

export const CHANNEL_LABELS: Record<AuditChannel, string> = {
  web: 'web',
  api: 'API',
  voice: 'voice',
  device: 'device',
  system: 'system',
  automation: 'automation',
};

export const ENTITY_LABELS: Record<AuditEntityType, string> = {
  user: 'User',
  session: 'Session',
  device: 'Device',
  room: 'Room',
  firmware: 'Firmware',
  assignment: 'Assignment',
  installation: 'Installation',
  order: 'Order',
  payment: 'Payment',
  contact_message: 'Contact message',
  quote: 'Quote',
  oauth_client: 'Voice-linking client',
  oauth_link: 'Linked service',
  rollout: 'Firmware rollout',
  setting: 'Setting',
  email: 'E-mail',
  home: 'Home',
};

/** What each action reads as after the actor's name ("Priya Sharma <signed in>"); `{name}` is the entity. */
const PHRASES: Record<AuditAction, string> = {
  'auth.sign_in': 'signed in',
  'auth.sign_in_failed': 'failed to sign in as {name}',
  'auth.sign_out': 'signed out',
  'auth.password_changed': 'changed their password',
  'session.revoked': 'ended a session',
  'session.others_revoked': 'signed out their other sessions',
  'user.created': 'added user {name}',
  'user.updated': 'updated user {name}',
  'user.deleted': 'deleted user {name}',
  'user.role_changed': 'changed the role of {name}',
  'user.sessions_ended': 'ended the sessions of {name}',
  'user.two_factor_enabled': 'turned on two-factor sign-in',
  'user.two_factor_disabled': 'turned off two-factor sign-in',
  'user.two_factor_recovery_codes_renewed': 'made new recovery codes',
  'user.two_factor_reset': 'reset the two-factor sign-in of {name}',
  'device.created': 'added {name}',
  'device.updated': 'updated {name}',
  'device.command': 'sent a command to {name}',
  'device.assigned': 'assigned {name}',
  'device.unassigned': 'unassigned {name}',
  'device.configured': 'configured {name}',
  'device.security_events': 'refused {name} repeatedly at the broker',
  'device.filter_replaced': 'fitted a new filter in {name}',
  'room.created': 'created room {name}',
  'room.updated': 'updated room {name}',
  'room.deleted': 'deleted room {name}',
  'firmware.uploaded': 'uploaded firmware {name}',
  'firmware.deleted': 'deleted firmware {name}',
  'assignment.customer_assigned': 'assigned customer {name}',
  'assignment.customer_unassigned': 'unassigned customer {name}',
  'assignment.device_assigned': 'assigned device {name}',
  'assignment.device_unassigned': 'unassigned device {name}',
  'assignment.access_revoked': "revoked {name}'s access to their home",
  'installation.created': 'created an installation for {name}',
  'installation.started': 'started the installation of {name}',
  'installation.phase_changed': 'moved the installation of {name} to another phase',
  'installation.completed': 'completed the installation of {name}',
  'installation.updated': 'updated installation {name}',
  'installation.reopened': 'reopened the installation of {name} (the signature is cleared)',
  'installation.device_tested': 'tested {name}: it answered a test command',
  'order.created': 'placed order {name}',
  'order.cancelled': 'cancelled order {name}',
  'order.refunded': 'refunded order {name}',
  'payment.verified': 'paid order {name}',
  'payment.failed': 'had a payment fail for {name}',
  'payment.captured_after_close': 'received a payment to refund for {name}',
  'payment.late_refunded': 'refunded a late payment for {name}',
  'user.invited': 'invited new customer {name} to set a password',
  'user.invitation_accepted': 'set their password from the invitation ({name})',
  'installation_job.created': 'opened an installation job for {name}',
  'installation_job.assigned': 'scheduled the installation for {name}',
  'contact_message.handled': 'handled the message from {name}',
  'quote.created': 'sent quote {name}',
  'quote.cancelled': 'cancelled quote {name}',
  'oauth_client.created': 'registered voice-linking client {name}',
  'oauth_client.updated': 'changed voice-linking client {name}',
  'oauth_client.deleted': 'removed voice-linking client {name}',
  'oauth_client.secret_rotated': 'issued a new secret for voice-linking client {name}',
  'oauth_link.created': 'linked {name} to their account',
  'oauth_link.revoked': 'unlinked {name}',
  'rollout.started': 'started the rollout of {name}',
  'rollout.paused': 'paused the rollout of {name}',
  'rollout.resumed': 'resumed the rollout of {name}',
  'rollout.halted': 'halted the rollout of {name}',
  'rollout.cancelled': 'cancelled the rollout of {name}',
  'rollout.retried': 'retried the failed devices of the rollout of {name}',
  'rollout.completed': 'completed the rollout of {name}',
  'rollout.device_updated': 'updated {name}',
  'rollout.device_failed': 'failed to update {name}',
  'setting.updated': 'changed setting {name}',
  'email.resent': 'sent the failed e-mail {name} again',
  'home.member_invited': 'invited someone to {name}',
  'home.invitation_revoked': 'cancelled an invitation to {name}',
  'home.member_joined': 'joined {name}',
  'home.member_changed': "changed someone's role in {name}",
  'home.member_removed': "ended someone's access to {name}",
  'home.created': 'created the home {name}',
  'home.changed': 'changed the home {name}',
  'home.deleted': 'deleted the home {name}',
};

/** The second factor a sign-in used (the audit's `second_factor`), as the sentence says it. */
const SECOND_FACTOR_LABELS: Record<string, string> = {
  otp: 'an authenticator code',
  recovery_code: 'a recovery code',
};

/** Who acted, as a reader sees it: the copied name, else a role, else "The system" / "Someone". */
export function actorLabel(entry: AuditEntry): string {
  if (entry.actor?.name) return entry.actor.name;
  if (entry.actor) return entry.actor.role === ROLE.admin ? 'An admin' : 'A user';
  return entry.channel === 'system' ? 'The system' : 'Someone';
}

/** One readable sentence: "Priya Sharma turned off Purifier 2". */
export function describeActivity(entry: AuditEntry): string {
  const name = entry.entity.name ?? ENTITY_LABELS[entry.entity.type].toLowerCase();
  const power = entry.changes.power_on?.after;
  const secondFactor = entry.changes.second_factor?.after;
  const phrase =
    entry.action === 'device.command' && typeof power === 'boolean'
      ? `turned ${power ? 'on' : 'off'} {name}`
      : entry.action === 'auth.sign_in' && typeof secondFactor === 'string'
        ? `signed in with ${SECOND_FACTOR_LABELS[secondFactor] ?? 'a second factor'}`
        : PHRASES[entry.action];
  return `${actorLabel(entry)} ${phrase.replace('{name}', name)}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });

/** "2 min. ago", "yesterday", "just now" (under a minute). */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** A recorded field in words: 'guided_step' → 'guided step' (AUDIT_FIELD_LABELS for a few). */
export function fieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field.replace(/_/g, ' ');
}

function shortValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = formatChangeValue(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * What changed, in one line under the sentence (issue 30: "updated installation Sneha Reddy" eight times
 * said nothing): "guided step: devices → training · signed by: — → Sneha Reddy". At most `limit` fields,
 * then "and N more"; '' when nothing was recorded.
 */
export function describeChanges(entry: AuditEntry, limit = 3): string {
  const fields = Object.entries(entry.changes);
  const shown = fields.slice(0, limit).map(([field, change]) => {
    const before = change.before === null || change.before === undefined ? null : shortValue(change.before);
    return before === null
      ? `${fieldLabel(field)}: ${shortValue(change.after)}`
      : `${fieldLabel(field)}: ${before} → ${shortValue(change.after)}`;
  });
  const more = fields.length - shown.length;
  return [...shown, ...(more > 0 ? [`and ${more} more`] : [])].join(' · ');
}

/** A before/after value as text for the detail view. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
