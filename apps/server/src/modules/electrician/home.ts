import {
  ELECTRICIAN_MSG,
  type CustomerDeviceConfigure,
  type CustomerRoomBody,
  type Device,
  type DeviceConfigure,
  type Room,
  type AqiScale,
} from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import type { EventBus } from '../../events.ts';
import type { Db, Tx } from '../../db/client.ts';
import { devices, rooms } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { scopeCondition } from '../../policy/policy.ts';
import type { Scope } from '../../policy/scope.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { presentedDevice } from '../devices/queries.ts';
import { configureConnectivity, moveToRoom, type Connectivity } from '../devices/store.ts';
import type { CustomerAssignments } from '../installations/assignments.ts';
import { presentRoom } from '../rooms/presenter.ts';
import { insertRoom, refuseTakenName } from '../rooms/service.ts';
import type { SecretBox } from '../two-factor/secret-box.ts';

/**
 * The electrician's changes in a customer's home (issue 11): rooms, WiFi and Bluetooth, devices into rooms,
 * each while the home is writable for them (`CustomerAssignments.writableCustomer`), each one transaction
 * with its activity-log record. WiFi passwords are sealed (AES-256-GCM, `SecretBox`) and never presented
 * or recorded.
 */
export class CustomerHomeService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly assignments: CustomerAssignments,
    private readonly wifiBox: SecretBox,
    private readonly now: () => Date,
    /** How readings become AQI bands (AQI_SCALE). */
    private readonly aqiScale: AqiScale,
    /** `device.wifi_configured` after a WiFi is set (the demo's simulator listens). */
    private readonly events: EventBus | null = null,
  ) {}

  /** After commit: the device has its WiFi (a real one joins it and connects). */
  private wifiSet(device: Device): Device {
    this.events?.announce('device.wifi_configured', { deviceId: device._id });
    return device;
  }

  /** POST /api/electrician/customer/{customerId}/rooms. */
  async createCustomerRoom(
    scope: Scope,
    customerId: string,
    body: CustomerRoomBody,
    context: AuditContext,
  ): Promise<Room> {
    const name = body.name.trim();
    const type = body.type ?? 'general';
    return refuseTakenName(
      this.db.transaction(async (tx) => {
        const { user } = await this.assignments.writableCustomer(tx, scope, customerId);
        const at = this.now();
        const room = await insertRoom(tx, { userId: user.id, name, type }, at);
        await this.audit.record(tx, context, {
          action: 'room.created',
          entity: { type: 'room', id: room.id, name: room.name },
          changes: changesBetween(null, { name, type, user_id: user.id }, ['name', 'type', 'user_id']),
        });
        return presentRoom(room, []);
      }),
    );
  }

  /** POST …/customer/{customerId}/devices/{deviceId}/configure {wifi_ssid, wifi_password, bluetooth_pairing}. */
  async configureCustomerDevice(
    scope: Scope,
    customerId: string,
    deviceId: string,
    body: CustomerDeviceConfigure,
    context: AuditContext,
  ): Promise<Device> {
    const configured = await this.db.transaction(async (tx) => {
      await this.assignments.writableCustomer(tx, scope, customerId);
      const device = await this.lockCustomerDevice(tx, customerId, deviceId);
      return this.applyConfiguration(
        tx,
        device,
        {
          wifi: { ssid: body.wifi_ssid ?? '', password: body.wifi_password ?? '' },
          bluetooth: body.bluetooth_pairing !== false,
        },
        context,
      );
    });
    return this.wifiSet(configured);
  }

  /** POST /api/electrician/devices/{device_id}/configure {configuration_type: wifi | bluetooth, data}. */
  async configureDevice(
    scope: Scope,
    deviceId: string,
    body: DeviceConfigure,
    context: AuditContext,
  ): Promise<Device> {
    const configured = await this.db.transaction(async (tx) => {
      const [device] = await tx
        .select({ id: devices.id, name: devices.name, userId: devices.userId })
        .from(devices)
        .where(and(eq(devices.id, deviceId), scopeCondition('device', scope, 'change')))
        .limit(1)
        .for('update');
      if (!device) throw notFound(ELECTRICIAN_MSG.deviceNotFound);
      // A device already in a customer's home is changed only while that home is writable.
      if (device.userId !== null) await this.assignments.writableCustomer(tx, scope, device.userId);
      const wifi =
        body.configuration_type === 'wifi'
          ? { ssid: body.data.ssid ?? '', password: body.data.password ?? '' }
          : undefined;
      return this.applyConfiguration(
        tx,
        device,
        { wifi, bluetooth: body.configuration_type === 'bluetooth' },
        context,
      );
    });
    return body.configuration_type === 'wifi' ? this.wifiSet(configured) : configured;
  }

  /** POST …/customer/{customerId}/devices/{deviceId}/assign-room {room_id}: a room of the same customer. */
  async assignCustomerRoom(
    scope: Scope,
    customerId: string,
    deviceId: string,
    roomId: string,
    context: AuditContext,
  ): Promise<Device> {
    return this.db.transaction(async (tx) => {
      await this.assignments.writableCustomer(tx, scope, customerId);
      const device = await this.lockCustomerDevice(tx, customerId, deviceId);
      const [room] = await tx
        .select({ id: rooms.id, name: rooms.name })
        .from(rooms)
        .where(and(eq(rooms.id, roomId), eq(rooms.userId, customerId)))
        .limit(1);
      if (!room) throw notFound(ELECTRICIAN_MSG.roomNotFound);
      await moveToRoom(tx, device.id, room.id, this.now());
      await this.audit.record(tx, context, {
        action: 'device.updated',
        entity: { type: 'device', id: device.id, name: device.name },
        changes: changesBetween({ room_id: device.roomId }, { room_id: room.id }, ['room_id']),
      });
      return presentedDevice(tx, device.id, this.aqiScale);
    });
  }

  private async lockCustomerDevice(tx: Tx, customerId: string, deviceId: string) {
    const [device] = await tx
      .select({ id: devices.id, name: devices.name, userId: devices.userId, roomId: devices.roomId })
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.userId, customerId)))
      .limit(1)
      .for('update');
    if (!device) throw notFound(ELECTRICIAN_MSG.deviceNotFound);
    return device;
  }

  /**
   * WiFi (SSID kept, password sealed with the device id as associated data) and/or Bluetooth pairing.
   * The audit records the SSID and that a password was set, never the password.
   */
  private async applyConfiguration(
    tx: Tx,
    device: { id: string; name: string },
    config: { wifi?: { ssid: string; password: string }; bluetooth: boolean },
    context: AuditContext,
  ): Promise<Device> {
    const at = this.now();
    const [before] = await tx
      .select({
        wifiConfigured: devices.wifiConfigured,
        bluetoothPaired: devices.bluetoothPaired,
        wifiConfig: devices.wifiConfig,
      })
      .from(devices)
      .where(eq(devices.id, device.id));
    const set: Connectivity = {};
    if (config.wifi) {
      set.wifiConfigured = true;
      set.wifiConfig = {
        ssid: config.wifi.ssid,
        password_sealed: this.wifiBox.seal(config.wifi.password, device.id),
        configured_at: at.toISOString(),
      };
    }
    if (config.bluetooth) set.bluetoothPaired = true;
    await configureConnectivity(tx, device.id, set, at);
    await this.audit.record(tx, context, {
      action: 'device.configured',
      entity: { type: 'device', id: device.id, name: device.name },
      changes: {
        ...(config.wifi
          ? {
              wifi_ssid: { before: before?.wifiConfig?.ssid ?? null, after: config.wifi.ssid },
              wifi_password: { before: null, after: '(changed)' },
            }
          : {}),
        ...(config.bluetooth && !before?.bluetoothPaired
          ? { bluetooth_paired: { before: false, after: true } }
          : {}),
      },
    });
    return presentedDevice(tx, device.id, this.aqiScale);
  }
}
