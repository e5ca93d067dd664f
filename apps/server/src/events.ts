import type { OtaStatus } from '@isaac/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from './db/client.ts';
import type { DeviceRow, OrderRow } from './db/schema/index.ts';
import type { AuditContext } from './modules/audit/audit-log.ts';

/**
 * THE events of the app (issue 31, ADR 063): what happened, named by the module it happened in, with what a
 * listener needs. A publisher gets the bus in its constructor and names the event; the listeners register
 * in ONE place, `createServices` (src/services.ts), so a module never learns who listens and no callback is
 * set as a property after construction. An event carrying `tx` happens inside its transaction: its
 * listeners' writes commit or roll back with it.
 */
export interface AppEvents {
  /** In the transaction that marks the order paid (fulfilment: the account, the job, the e-mails; ADR 038). */
  'order.paid': { tx: Db | Tx; order: OrderRow; context: AuditContext };
  /** In the transaction that completes an installation (its job's e-mail to the customer). */
  'installation.completed': { tx: Db | Tx; installationId: string };
  /** After commit: a device's state changed (a command applied or acknowledged, a report, its presence). */
  'device.state_changed': { device: DeviceRow };
  /**
   * After commit: a home's set of devices changed (added, renamed, moved to another room, a gang renamed) by
   * `userId`; `homeId` null when the person had no home before it (theirs was made for the change).
   */
  'home.devices_changed': { homeId: string | null; userId: string };
  /** After commit: a person's access to a home began, changed (role, a guest's rooms) or ended. */
  'home.access_changed': { homeId: string; userId: string };
  /**
   * A device reported its firmware update's progress (issue 14); `at`: when the report arrived (its state
   * counts from then, however long it waits behind the device's earlier reports).
   */
  'device.ota_status': { deviceId: string; status: OtaStatus; at: Date };
  /** A device reported its firmware version (after an update's reboot). */
  'device.version': { deviceId: string; version: string };
  /** A device came online (an interrupted update is sent again, ADR 053). */
  'device.online': { deviceId: string };
  /** A telemetry batch was stored: the latest PM2.5 of each device in it (auto mode, issue 13). */
  'device.readings_stored': { latest: ReadonlyArray<{ deviceId: string; pm25: number }> };
  /** After commit: a purifier reported a filter life well above its last one — a new filter (issue 33). */
  'device.filter_changed': { deviceId: string; life: number; before: number };
  /** In the transaction that marks the order refunded (the buyer's notification). */
  'order.refunded': { tx: Db | Tx; order: OrderRow };
  /** In the transaction that schedules an installation job with an electrician on a date. */
  'installation.scheduled': { tx: Db | Tx; customerId: string; date: string; electrician: string };
  /** After commit: a device was given its WiFi (the demo's simulator brings an offline demo device up). */
  'device.wifi_configured': { deviceId: string };
  /** In the transaction that changes a home's time zone (its schedules' next runs move to the new clock). */
  'home.time_zone_changed': { tx: Db | Tx; homeId: string; timeZone: string };
  /** After commit: a person signed in with one of their recovery codes (ADR 085: they are told). */
  'auth.recovery_code_used': { userId: string; role: number; left: number };
  /** In the transaction of a change to how a person signs in (ADR 085: they are told, by e-mail too). */
  'account.security_changed': { tx: Db | Tx; userId: string; role: number; change: SecurityChange };
  /** After commit: a device rebooted on the version a firmware rollout sent it (UPDATED). */
  'device.firmware_updated': { deviceId: string; version: string };
}
export type AppEvent = keyof AppEvents;

/** The changes to how a person signs in that they are told about (`account.security_changed`). */
export type SecurityChange =
  'password_changed' | 'two_factor_disabled' | 'two_factor_reset' | 'recovery_codes_renewed';
export type Listener<E extends AppEvent> = (payload: AppEvents[E]) => Promise<void>;

/**
 * Two ways to publish, by what the publisher needs:
 * - `publish` awaits every listener in order, and a listener's failure is the publisher's (it rolls back the
 *   publisher's transaction, or is handled where the publisher handles its own errors);
 * - `announce` does not wait: a listener's failure is logged and never fails what already happened (after
 *   commit; voice assistants' Report State, auto mode).
 */
export class EventBus {
  private readonly listeners = new Map<AppEvent, Listener<never>[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn'>) {}

  on<E extends AppEvent>(event: E, listener: Listener<E>): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener<never>]);
  }

  async publish<E extends AppEvent>(event: E, payload: AppEvents[E]): Promise<void> {
    for (const listener of this.of(event)) await listener(payload);
  }

  announce<E extends AppEvent>(event: E, payload: AppEvents[E]): void {
    for (const listener of this.of(event)) {
      listener(payload).catch((error: unknown) =>
        this.log.warn({ err: error, event }, 'event listener failed'),
      );
    }
  }

  private of<E extends AppEvent>(event: E): Listener<E>[] {
    return (this.listeners.get(event) ?? []) as Listener<E>[];
  }
}
