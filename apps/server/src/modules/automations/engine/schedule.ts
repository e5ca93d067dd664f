import type { ScheduleTrigger } from '@isaac/contract';
import { Cron } from 'croner';

/**
 * When a schedule trigger runs, in the home's time zone. croner (a maintained cron library) does the
 * calendar work — days of the week, midnight, month ends and daylight-saving gaps in zones that have them —
 * from the trigger as a cron pattern (`minute hour * * days`); a pattern is built from validated fields only
 * (contract `scheduleTriggerSchema`), never from free text.
 */
function cronOf(trigger: Pick<ScheduleTrigger, 'time' | 'days'>, timeZone: string): Cron {
  const [hour, minute] = trigger.time.split(':').map(Number);
  // `paused`: a pattern to compute dates with, never a running timer.
  return new Cron(`0 ${minute} ${hour} * * ${trigger.days.join(',')}`, { timezone: timeZone, paused: true });
}

/** The first run strictly after `after`, or null when the pattern never runs (not possible for a valid trigger). */
export function nextRun(
  trigger: Pick<ScheduleTrigger, 'time' | 'days'>,
  timeZone: string,
  after: Date,
): Date | null {
  return cronOf(trigger, timeZone).nextRun(after);
}

/**
 * The runs a schedule missed in (`from`, `to`] — the server was down, or the engine's lease moved between
 * processes — oldest first, at most `limit` (the catch-up window is the caller's: only the latest run of a
 * long outage usually matters).
 */
export function missedRuns(
  trigger: Pick<ScheduleTrigger, 'time' | 'days'>,
  timeZone: string,
  from: Date,
  to: Date,
  limit = 10,
): Date[] {
  const cron = cronOf(trigger, timeZone);
  const runs: Date[] = [];
  let at: Date | null = from;
  while (runs.length < limit && at !== null) {
    at = cron.nextRun(at);
    if (at === null || at.getTime() > to.getTime()) break;
    runs.push(at);
  }
  return runs;
}
