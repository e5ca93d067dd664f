import type { FastifyBaseLogger } from 'fastify';
import type { DeviceRow } from '../../db/schema/index.ts';

/** What happened to a home's devices, told after the change committed. */
export interface DeviceEventListener {
  /** A device's state changed (a command applied). */
  stateChanged?(device: DeviceRow): Promise<void>;
  /** An owner's set of devices changed: added, renamed, moved to another room, a gang renamed. */
  devicesChanged?(ownerId: string): Promise<void>;
}

/**
 * The one place device changes are announced after commit (voice assistants' Report State and Request Sync
 * listen, issue 12). A listener's failure is logged and never fails the change that was already made.
 */
export class DeviceEvents {
  private readonly listeners: DeviceEventListener[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  listen(listener: DeviceEventListener): void {
    this.listeners.push(listener);
  }

  stateChanged(device: DeviceRow): void {
    for (const listener of this.listeners) this.run(listener.stateChanged?.(device), 'stateChanged');
  }

  devicesChanged(ownerId: string | null): void {
    if (ownerId === null) return;
    for (const listener of this.listeners) this.run(listener.devicesChanged?.(ownerId), 'devicesChanged');
  }

  private run(pending: Promise<void> | undefined, event: string): void {
    pending?.catch((error: unknown) => this.log.warn({ err: error, event }, 'device event listener failed'));
  }
}
