import { AUDIT_ACTION_LABELS, type AuditChange } from '@isaac/contract';
import type { AuditLogRow } from '../../db/schema/index.ts';

/** How a channel reads after "via" when the actor's name does not already say it. */
const VIA: Partial<Record<AuditLogRow['channel'], string>> = { automation: 'an automation' };

/** What a device command did, from its recorded changes ("turned on", "set the fan to high"…). */
function commandPhrase(changes: Record<string, AuditChange>): string {
  const power = changes.power_on?.after;
  if (power === true) return 'turned on';
  if (power === false) return 'turned off';
  const fan = changes.fan_speed?.after;
  if (typeof fan === 'string') return `set the fan speed to ${fan} on`;
  if (changes.gang_states) return 'switched a gang of';
  return 'sent a command to';
}

/**
 * One activity line of a home (issue 32): "Asha turned on Living Room Purifier via Google Home". A voice
 * actor is recorded as "Asha via Google Home" (the voice module's context): the assistant moves to the end.
 */
export function activityText(row: AuditLogRow): string {
  const [who = 'Someone', via] = (row.actorName ?? 'Someone').split(' via ');
  const what = row.entityName ?? 'something';
  const verb =
    row.action === 'device.command'
      ? `${commandPhrase(row.changes)} ${what}`
      : `${AUDIT_ACTION_LABELS[row.action].toLowerCase()}: ${what}`;
  const through = via ?? VIA[row.channel];
  return `${who} ${verb}${through ? ` via ${through}` : ''}`;
}
