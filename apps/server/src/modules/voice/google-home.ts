/**
 * Google Home (cloud-to-cloud smart home) translation: the fulfillment request body, and the SYNC, QUERY,
 * EXECUTE, DISCONNECT responses and the HomeGraph Report State body for our devices. Pure: no I/O.
 * Shapes: https://developers.home.google.com/cloud-to-cloud/intents (sync, query, execute, disconnect) and
 * https://developers.home.google.com/cloud-to-cloud/integration/report-state.
 */
import { z } from 'zod';
import {
  AIR_QUALITY_STATES,
  FAN_SPEEDS,
  airQualityOf,
  resolveEndpoint,
  voiceEndpointsOf,
  voiceGangName,
  type FanSpeed,
  type VoiceCommand,
  type VoiceDevice,
} from './voice-device.ts';

const MANUFACTURER = 'Isaac';

// ---------------------------------------------------------------------------------------------------------
// Request

const googleDeviceRefSchema = z.looseObject({
  id: z.string().min(1),
  customData: z.record(z.string(), z.unknown()).optional(),
});

const googleExecutionSchema = z.looseObject({
  command: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
});

const googleExecutePayloadSchema = z.looseObject({
  commands: z.array(
    z.looseObject({
      devices: z.array(googleDeviceRefSchema),
      execution: z.array(googleExecutionSchema),
    }),
  ),
});

/** A fulfillment request from Google (one intent per request in practice; `inputs` is a list by contract). */
export const googleRequestSchema = z.looseObject({
  requestId: z.string().min(1),
  inputs: z
    .array(
      z.discriminatedUnion('intent', [
        z.looseObject({ intent: z.literal('action.devices.SYNC') }),
        z.looseObject({
          intent: z.literal('action.devices.QUERY'),
          payload: z.looseObject({ devices: z.array(googleDeviceRefSchema) }),
        }),
        z.looseObject({ intent: z.literal('action.devices.EXECUTE'), payload: googleExecutePayloadSchema }),
        z.looseObject({ intent: z.literal('action.devices.DISCONNECT') }),
      ]),
    )
    .min(1),
});
export type GoogleRequest = z.infer<typeof googleRequestSchema>;
export type GoogleIntentInput = GoogleRequest['inputs'][number];
export type GoogleExecutePayload = z.infer<typeof googleExecutePayloadSchema>;

// ---------------------------------------------------------------------------------------------------------
// SYNC

const TRAIT = {
  onOff: 'action.devices.traits.OnOff',
  fanSpeed: 'action.devices.traits.FanSpeed',
  sensorState: 'action.devices.traits.SensorState',
} as const;

export interface GoogleSyncDevice {
  id: string;
  type: string;
  traits: string[];
  name: { name: string; defaultNames?: string[]; nicknames?: string[] };
  willReportState: boolean;
  roomHint?: string;
  attributes?: Record<string, unknown>;
  deviceInfo: { manufacturer: string; model: string; swVersion?: string };
}

export interface GoogleSyncResponse {
  requestId: string;
  payload: { agentUserId: string; devices: GoogleSyncDevice[] };
}

const SPEED_SYNONYMS: Record<FanSpeed, string[]> = {
  low: ['low', 'slow', 'minimum'],
  medium: ['medium', 'normal'],
  high: ['high', 'fast', 'maximum'],
};

/** The FanSpeed attributes of an ISAAC purifier: low, medium, high (in order), not reversible. */
const FAN_SPEED_ATTRIBUTES = {
  availableFanSpeeds: {
    speeds: FAN_SPEEDS.map((speed) => ({
      speed_name: speed,
      speed_values: [{ speed_synonym: SPEED_SYNONYMS[speed], lang: 'en' }],
    })),
    ordered: true,
  },
  reversible: false,
  supportsFanSpeedPercent: false,
};

/** The SensorState attributes of a device with a PM2.5 sensor: air quality (descriptive) and PM2.5 (numeric). */
const SENSOR_STATE_ATTRIBUTES = {
  sensorStatesSupported: [
    { name: 'AirQuality', descriptiveCapabilities: { availableStates: [...AIR_QUALITY_STATES] } },
    { name: 'PM2.5', numericCapabilities: { rawValueUnit: 'MICROGRAMS_PER_CUBIC_METER' } },
  ],
};

/** The SYNC entries of one of our devices: one for an ISAAC or SKYWALKER, one per gang for a Lumos. */
function googleSyncDevicesOf(device: VoiceDevice): GoogleSyncDevice[] {
  const common = {
    willReportState: true,
    ...(device.roomName?.trim() ? { roomHint: device.roomName.trim() } : {}),
    deviceInfo: {
      manufacturer: MANUFACTURER,
      model: device.model,
      ...(device.firmwareVersion ? { swVersion: device.firmwareVersion } : {}),
    },
  };
  switch (device.type) {
    case 'isaac':
      return [
        {
          id: device.id,
          type: 'action.devices.types.AIRPURIFIER',
          traits: [TRAIT.onOff, TRAIT.fanSpeed, TRAIT.sensorState],
          name: { name: device.name, defaultNames: [`${MANUFACTURER} ${device.model}`] },
          ...common,
          attributes: { ...FAN_SPEED_ATTRIBUTES, ...SENSOR_STATE_ATTRIBUTES },
        },
      ];
    case 'skywalker':
      return [
        {
          id: device.id,
          type: 'action.devices.types.SENSOR',
          traits: [TRAIT.sensorState],
          name: { name: device.name, defaultNames: [`${MANUFACTURER} ${device.model}`] },
          ...common,
          attributes: { ...SENSOR_STATE_ATTRIBUTES },
        },
      ];
    case 'lumos':
      return voiceEndpointsOf(device).map(({ endpointId, gangIndex }) => {
        const gang = voiceGangName(device, gangIndex ?? 0);
        return {
          id: endpointId,
          type: 'action.devices.types.SWITCH',
          traits: [TRAIT.onOff],
          name: {
            name: gang,
            defaultNames: [`${MANUFACTURER} ${device.model}`],
            nicknames: [`${device.name} ${gang}`],
          },
          ...common,
          attributes: {},
        };
      });
  }
}

/** The SYNC response: every endpoint of the user's devices, with its type, traits and attributes. */
export function googleSync(
  requestId: string,
  agentUserId: string,
  devices: readonly VoiceDevice[],
): GoogleSyncResponse {
  return { requestId, payload: { agentUserId, devices: devices.flatMap(googleSyncDevicesOf) } };
}

// ---------------------------------------------------------------------------------------------------------
// State (QUERY, EXECUTE, Report State)

export interface GoogleSensorStateData {
  name: 'AirQuality' | 'PM2.5';
  currentSensorState?: string;
  rawValue?: number;
}

/** The trait states of one endpoint (what QUERY, EXECUTE and Report State carry). */
export interface GoogleDeviceState {
  online: boolean;
  on?: boolean;
  currentFanSpeedSetting?: FanSpeed;
  currentSensorStateData?: GoogleSensorStateData[];
}

/** The air-quality readings of a device as SensorState data (none without a reading). */
function sensorStateDataOf(device: VoiceDevice): GoogleSensorStateData[] {
  const quality = airQualityOf(device.pm25, device.aqiScale ?? 'cpcb');
  if (device.pm25 === null || quality === null) return [];
  return [
    { name: 'AirQuality', currentSensorState: quality },
    { name: 'PM2.5', rawValue: device.pm25 },
  ];
}

/** The current state of an endpoint (a device, or a Lumos gang), last known values when offline. */
export function googleStateOf(device: VoiceDevice, gangIndex: number | null): GoogleDeviceState {
  switch (device.type) {
    case 'lumos':
      return { online: device.online, on: device.gangStates[gangIndex ?? 0] === true };
    case 'isaac': {
      const sensors = sensorStateDataOf(device);
      return {
        online: device.online,
        on: device.powerOn,
        ...(device.fanSpeed ? { currentFanSpeedSetting: device.fanSpeed } : {}),
        ...(sensors.length > 0 ? { currentSensorStateData: sensors } : {}),
      };
    }
    case 'skywalker': {
      const sensors = sensorStateDataOf(device);
      return { online: device.online, ...(sensors.length > 0 ? { currentSensorStateData: sensors } : {}) };
    }
  }
}

export type GoogleQueryDeviceResult =
  (GoogleDeviceState & { status: 'SUCCESS' }) | { status: 'ERROR'; errorCode: string };

export interface GoogleQueryResponse {
  requestId: string;
  payload: { devices: Record<string, GoogleQueryDeviceResult> };
}

/**
 * The QUERY response: the state of each requested endpoint. An offline device reports `online: false` with
 * its last known state (status SUCCESS); an id that is none of the user's endpoints gets `deviceNotFound`.
 */
export function googleQuery(
  requestId: string,
  devices: readonly VoiceDevice[],
  requestedIds: readonly string[],
): GoogleQueryResponse {
  const result: Record<string, GoogleQueryDeviceResult> = {};
  for (const id of requestedIds) {
    const endpoint = resolveEndpoint(devices, id);
    result[id] = endpoint
      ? { status: 'SUCCESS', ...googleStateOf(endpoint.device, endpoint.gangIndex) }
      : { status: 'ERROR', errorCode: 'deviceNotFound' };
  }
  return { requestId, payload: { devices: result } };
}

/** The body of HomeGraph `devices:reportStateAndNotification`: the state of every endpoint of the user. */
export function googleReportStatePayload(
  requestId: string,
  agentUserId: string,
  devices: readonly VoiceDevice[],
): {
  requestId: string;
  agentUserId: string;
  payload: { devices: { states: Record<string, GoogleDeviceState> } };
} {
  const states: Record<string, GoogleDeviceState> = {};
  for (const device of devices) {
    for (const { endpointId, gangIndex } of voiceEndpointsOf(device)) {
      states[endpointId] = googleStateOf(device, gangIndex);
    }
  }
  return { requestId, agentUserId, payload: { devices: { states } } };
}

// ---------------------------------------------------------------------------------------------------------
// EXECUTE

const COMMAND = {
  onOff: 'action.devices.commands.OnOff',
  setFanSpeed: 'action.devices.commands.SetFanSpeed',
} as const;

export type GoogleExecutePlanError =
  'functionNotSupported' | 'notSupported' | 'valueOutOfRange' | 'deviceNotFound';

/** One step of an EXECUTE: a command for one endpoint, or why that endpoint cannot take it. */
export type GoogleExecuteStep =
  { endpointId: string; command: VoiceCommand } | { endpointId: string; error: GoogleExecutePlanError };

/** The command one execution asks of one endpoint (or the error code Google should hear). */
function stepOf(
  devices: readonly VoiceDevice[],
  endpointId: string,
  execution: { command: string; params?: Record<string, unknown> | undefined },
): GoogleExecuteStep {
  const endpoint = resolveEndpoint(devices, endpointId);
  if (!endpoint) return { endpointId, error: 'deviceNotFound' };
  const { device, gangIndex } = endpoint;
  const params = execution.params ?? {};
  switch (execution.command) {
    case COMMAND.onOff: {
      if (device.type === 'skywalker') return { endpointId, error: 'functionNotSupported' };
      if (typeof params.on !== 'boolean') return { endpointId, error: 'valueOutOfRange' };
      const command: VoiceCommand =
        gangIndex === null
          ? { kind: 'power', on: params.on }
          : { kind: 'gang', index: gangIndex, on: params.on };
      return { endpointId, command };
    }
    case COMMAND.setFanSpeed: {
      if (device.type !== 'isaac') return { endpointId, error: 'functionNotSupported' };
      const speed = FAN_SPEEDS.find((candidate) => candidate === params.fanSpeed);
      if (!speed) return { endpointId, error: 'valueOutOfRange' };
      return { endpointId, command: { kind: 'fan_speed', speed } };
    }
    default:
      return { endpointId, error: 'notSupported' };
  }
}

/**
 * What an EXECUTE asks of our devices, flattened: one step per distinct (endpoint, execution) pair, in
 * request order (duplicates once).
 * OnOff → power (ISAAC) or gang (Lumos gang); SetFanSpeed {fanSpeed: low|medium|high} → fan speed (ISAAC).
 * Whether the device is online is left to whoever runs the steps (it reports `deviceOffline` outcomes).
 */
export function googleExecutePlan(
  payload: GoogleExecutePayload,
  devices: readonly VoiceDevice[],
): GoogleExecuteStep[] {
  // The same endpoint asked the same thing twice (in one group or several) is one step (ADR 054).
  const seen = new Set<string>();
  const steps: GoogleExecuteStep[] = [];
  for (const group of payload.commands) {
    for (const ref of group.devices) {
      for (const execution of group.execution) {
        const key = JSON.stringify([ref.id, execution.command, execution.params ?? null]);
        if (seen.has(key)) continue;
        seen.add(key);
        steps.push(stepOf(devices, ref.id, execution));
      }
    }
  }
  return steps;
}

/** How running one endpoint's command went: the device after it, or Google's error code. */
export type GoogleExecuteOutcome =
  | { endpointId: string; ok: true; device: VoiceDevice }
  | { endpointId: string; ok: false; errorCode: string };

export type GoogleExecuteCommandResult =
  | { ids: string[]; status: 'SUCCESS'; states: GoogleDeviceState }
  | { ids: string[]; status: 'OFFLINE' | 'ERROR'; errorCode: string };

export interface GoogleExecuteResponse {
  requestId: string;
  payload: { commands: GoogleExecuteCommandResult[] };
}

/** The OnOff/FanSpeed states a successful EXECUTE reports for an endpoint (online: it just took a command). */
function executedStateOf(device: VoiceDevice, endpointId: string): GoogleDeviceState {
  const gangIndex = resolveEndpoint([device], endpointId)?.gangIndex ?? null;
  if (device.type === 'lumos') return { online: true, on: device.gangStates[gangIndex ?? 0] === true };
  if (device.type === 'skywalker') return { online: true };
  return {
    online: true,
    on: device.powerOn,
    ...(device.fanSpeed ? { currentFanSpeedSetting: device.fanSpeed } : {}),
  };
}

/**
 * The EXECUTE response: outcomes grouped into `commands` entries, endpoints with the same resulting states
 * (or the same error) sharing one entry. `deviceOffline` gives status OFFLINE, other errors ERROR. An
 * endpoint that appears more than once keeps its last outcome.
 */
export function googleExecuteResponse(
  requestId: string,
  outcomes: readonly GoogleExecuteOutcome[],
): GoogleExecuteResponse {
  const last = new Map<string, GoogleExecuteOutcome>();
  for (const outcome of outcomes) {
    last.delete(outcome.endpointId);
    last.set(outcome.endpointId, outcome);
  }
  const groups = new Map<string, GoogleExecuteCommandResult>();
  for (const outcome of last.values()) {
    let entry: GoogleExecuteCommandResult;
    if (outcome.ok) {
      entry = { ids: [], status: 'SUCCESS', states: executedStateOf(outcome.device, outcome.endpointId) };
    } else {
      const status = outcome.errorCode === 'deviceOffline' ? 'OFFLINE' : 'ERROR';
      entry = { ids: [], status, errorCode: outcome.errorCode };
    }
    const key = JSON.stringify({ ...entry, ids: undefined });
    const group = groups.get(key) ?? entry;
    group.ids.push(outcome.endpointId);
    groups.set(key, group);
  }
  return { requestId, payload: { commands: [...groups.values()] } };
}

/** The DISCONNECT response (the user unlinked us; Google expects an empty body). */
export function googleDisconnectResponse(): Record<string, never> {
  return {};
}
