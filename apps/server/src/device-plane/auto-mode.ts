import { autoModeDecision } from '@isaac/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { devices } from '../db/schema/index.ts';
import type { DeviceCommandService } from '../modules/device-commands/service.ts';

/**
 * ISAAC auto mode (issue 13): after each telemetry batch, every purifier with a threshold in a room whose
 * SKYWALKER reported PM2.5 is switched on above the threshold and back off below it minus the hysteresis
 * (only if auto mode switched it on) — through the command service, channel `system`, audited.
 */
export class AutoMode {
  private readonly busy = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly commands: DeviceCommandService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The latest PM2.5 of each device in a stored batch. */
  async onReadings(latest: ReadonlyArray<{ deviceId: string; pm25: number }>): Promise<void> {
    if (latest.length === 0) return;
    const pm25Of = new Map(latest.map((r) => [r.deviceId, r.pm25]));
    const sensor = alias(devices, 'sensor');
    const pairs = await this.db
      .select({ sensorId: sensor.id, purifier: devices })
      .from(sensor)
      .innerJoin(devices, sql`${devices.roomId} = ${sensor.roomId} and ${devices.type} = 'isaac'`)
      .where(
        sql`${inArray(sensor.id, [...pm25Of.keys()])} and ${sensor.type} = 'skywalker' and ${devices.autoThreshold} is not null`,
      );
    for (const { sensorId, purifier } of pairs) {
      const pm25 = pm25Of.get(sensorId);
      if (pm25 === undefined || purifier.autoThreshold === null || purifier.userId === null) continue;
      const decision = autoModeDecision(pm25, purifier.autoThreshold, {
        power_on: purifier.powerOn,
        auto_on: purifier.autoOn,
      });
      if (!decision || !purifier.isConnected || this.busy.has(purifier.id)) continue;
      this.busy.add(purifier.id);
      void this.switch(purifier.id, purifier.userId, decision === 'on', pm25).finally(() =>
        this.busy.delete(purifier.id),
      );
    }
  }

  private async switch(purifierId: string, ownerId: string, on: boolean, pm25: number): Promise<void> {
    try {
      await this.commands.executeCommand({
        deviceId: purifierId,
        scope: { kind: 'owner', userId: ownerId },
        command: { kind: 'power', on },
        context: {
          actor: null,
          channel: 'system',
          ip: null,
          userAgent: `auto mode (PM2.5 ${pm25})`,
          requestId: null,
        },
      });
      await this.db.update(devices).set({ autoOn: on }).where(eq(devices.id, purifierId));
    } catch (error) {
      this.log.warn({ err: error, purifierId }, 'auto mode could not switch the purifier');
    }
  }
}
