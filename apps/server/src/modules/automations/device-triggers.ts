import type { DeviceEvent } from '@isaac/contract';
import type { DeviceRow } from '../../db/schema/index.ts';
import { eventPhrase } from './engine/phrases.ts';
import { inParallel, RUNS_AT_ONCE } from './lanes.ts';
import type { HomeAutomation } from './statements.ts';

/** How long a device's change waits for the changes of the same moment, to be looked up with them. */
export const DEVICE_CHANGES_WINDOW_MS = 20;

type Change = { device: DeviceRow; events: DeviceEvent[] };
type Window = { timer: NodeJS.Timeout; done: Promise<void>; settle: () => void };

/**
 * Device triggers (issue 33): a device's power or presence changed, and the automations that watch it for
 * that event run. Each device's last seen state tells a change from a repeated report. The changes of a
 * moment — a wave of commands' acknowledgements brings as many state reports — are looked up together in
 * one statement (`watching`), not one per device: most devices have no device trigger at all, and every
 * command an automation sends changes a device (ADR 081).
 */
export class DeviceTriggers {
  private readonly lastSeen = new Map<string, { on: boolean; online: boolean }>();
  private pending = new Map<string, Change>();
  private window: Window | null = null;

  constructor(
    private readonly watching: (deviceIds: string[]) => Promise<HomeAutomation[]>,
    private readonly run: (row: HomeAutomation, trigger: string) => Promise<unknown>,
  ) {}

  /** A device's state or presence as stored now; resolves once the automations it triggered have run. */
  async changed(device: DeviceRow): Promise<void> {
    const events = this.eventsOf(device);
    if (events.length === 0) return;
    const before = this.pending.get(device.id)?.events ?? [];
    this.pending.set(device.id, { device, events: [...before, ...events] });
    this.window ??= this.open();
    await this.window.done;
  }

  /** Stops: the changes still waiting are dropped (their callers are released). */
  close(): void {
    if (!this.window) return;
    clearTimeout(this.window.timer);
    this.window.settle();
    this.window = null;
    this.pending.clear();
  }

  private open(): Window {
    let settle!: () => void;
    let fail!: (error: unknown) => void;
    const done = new Promise<void>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    const timer = setTimeout(() => {
      const changes = this.pending;
      this.pending = new Map();
      this.window = null;
      this.runTriggered(changes).then(settle, fail);
    }, DEVICE_CHANGES_WINDOW_MS);
    return { timer, done, settle };
  }

  private async runTriggered(changes: ReadonlyMap<string, Change>): Promise<void> {
    const rows = await this.watching([...changes.keys()]);
    const runs = rows.flatMap((row) => {
      const trigger = row.definition.trigger;
      const change = row.triggerDeviceId === null ? undefined : changes.get(row.triggerDeviceId);
      if (trigger.kind !== 'device' || !change?.events.includes(trigger.event)) return [];
      return [{ row, said: `${change.device.name} ${eventPhrase(trigger.event)}` }];
    });
    await inParallel(runs, RUNS_AT_ONCE, ({ row, said }) => this.run(row, said).then(() => undefined));
  }

  private eventsOf(device: DeviceRow): DeviceEvent[] {
    const before = this.lastSeen.get(device.id);
    const now = { on: device.powerOn, online: device.isConnected };
    this.lastSeen.set(device.id, now);
    // The first event of a device this process sees: only presence is known to have changed.
    if (before === undefined) return [device.isConnected ? 'comes_online' : 'goes_offline'];
    const events: DeviceEvent[] = [];
    if (before.online !== now.online) events.push(now.online ? 'comes_online' : 'goes_offline');
    if (before.on !== now.on) events.push(now.on ? 'turns_on' : 'turns_off');
    return events;
  }
}
