/**
 * Our devices as the voice assistants (Google Home, Alexa) see them: the input of the pure translation
 * layer in google-home.ts and alexa.ts, and the ids of the endpoints each device is exposed as.
 */

import {
  airQualityOf as bandOf,
  aqiBandsOf,
  FAN_SPEEDS,
  type AqiScale,
  type DeviceCommand,
  type FanSpeed,
} from '@isaac/contract';

export { FAN_SPEEDS, type FanSpeed };

/** A device with everything a voice assistant needs to describe it and report its state. */
export interface VoiceDevice {
  id: string;
  /** The home it is in (issue 32): a command names it, so the member's role there decides. */
  homeId?: string | null;
  name: string;
  type: 'isaac' | 'lumos' | 'skywalker';
  model: string;
  serialNumber: string;
  firmwareVersion: string | null;
  /** The name of the device's room (the assistants' room hint). */
  roomName: string | null;
  online: boolean;
  powerOn: boolean;
  /** ISAAC only. */
  fanSpeed: FanSpeed | null;
  /** Lumos: one name per gang; may be shorter than gangStates (missing names default to `Switch ${i+1}`). */
  gangNames: string[];
  /** Lumos: on/off per gang. */
  gangStates: boolean[];
  /** Latest PM2.5 reading in µg/m³ (null = no reading yet). */
  pm25: number | null;
  /** The deployment's AQI scale (AQI_SCALE), which the air quality state follows; CPCB when absent. */
  aqiScale?: AqiScale;
}

/** What a voice command asks of one of our devices: a command of the device-command service. */
export type VoiceCommand = DeviceCommand;

/**
 * Separator between a device id and a gang index in a gang endpoint's id. Not a dot: Alexa endpoint ids
 * may only hold letters, digits, spaces and `_ - = # ; : ? @ &`; `:` is valid for both Alexa and Google.
 */
const GANG_SEPARATOR = ':g';
/** Gang endpoint ids: `<deviceId>:g<index>` (also read: the legacy `<deviceId>.g<index>`). */
const GANG_ENDPOINT = /^(.+)[:.]g(0|[1-9][0-9]*)$/;

/**
 * The id of a voice endpoint: an ISAAC or SKYWALKER device (and a Lumos device as a whole) is its own id;
 * each Lumos gang is its own endpoint `<deviceId>:g<index>`.
 */
export function endpointIdOf(deviceId: string, gangIndex?: number | null): string {
  return gangIndex === undefined || gangIndex === null
    ? deviceId
    : `${deviceId}${GANG_SEPARATOR}${gangIndex}`;
}

/** The device (and gang, for a Lumos gang endpoint) a voice endpoint id names; null for an empty id. */
export function parseEndpointId(id: string): { deviceId: string; gangIndex: number | null } | null {
  if (id.trim() === '') return null;
  const match = GANG_ENDPOINT.exec(id);
  if (match?.[1] !== undefined && match[2] !== undefined) {
    return { deviceId: match[1], gangIndex: Number(match[2]) };
  }
  return { deviceId: id, gangIndex: null };
}

/** A Lumos gang's name: the owner's, else "Switch 1", "Switch 2"… */
export function voiceGangName(device: Pick<VoiceDevice, 'gangNames'>, index: number): string {
  const name = device.gangNames[index]?.trim();
  return name ? name : `Switch ${index + 1}`;
}

/** The endpoints a device is exposed as: one per Lumos gang, else the device itself (gangIndex null). */
export function voiceEndpointsOf(device: VoiceDevice): { endpointId: string; gangIndex: number | null }[] {
  if (device.type === 'lumos') {
    return device.gangStates.map((_, index) => ({
      endpointId: endpointIdOf(device.id, index),
      gangIndex: index,
    }));
  }
  return [{ endpointId: device.id, gangIndex: null }];
}

/**
 * The device and gang an endpoint id designates among the user's devices, or null when there is no such
 * endpoint (unknown device, a Lumos device without gang, a gang out of range, a gang of a non-Lumos device).
 */
export function resolveEndpoint(
  devices: readonly VoiceDevice[],
  endpointId: string,
): { device: VoiceDevice; gangIndex: number | null } | null {
  const parsed = parseEndpointId(endpointId);
  if (!parsed) return null;
  const device = devices.find((candidate) => candidate.id === parsed.deviceId);
  if (!device) {
    // A device id that itself ends in `:g<n>` / `.g<n>` (not one of our gang endpoints).
    const whole = devices.find((candidate) => candidate.id === endpointId && candidate.type !== 'lumos');
    return whole ? { device: whole, gangIndex: null } : null;
  }
  if (device.type === 'lumos') {
    if (parsed.gangIndex === null || parsed.gangIndex >= device.gangStates.length) return null;
    return { device, gangIndex: parsed.gangIndex };
  }
  return parsed.gangIndex === null ? { device, gangIndex: null } : null;
}

/** Google's SensorState AirQuality descriptive states we use, cleanest first. */
export const AIR_QUALITY_STATES = [
  'healthy',
  'moderate',
  'unhealthy for sensitive groups',
  'unhealthy',
  'very unhealthy',
  'hazardous',
] as const;
export type AirQuality = (typeof AIR_QUALITY_STATES)[number];

/**
 * The air quality a PM2.5 reading (µg/m³) means, as a Google AirQuality descriptive state: the band of the
 * deployment's AQI scale (contract `airQualityOf`; India's CPCB by default, or US EPA 2024 — both have six
 * bands) mapped to the Google state of the same rank, so the voice answer always agrees with the app:
 * CPCB Good → 'healthy', Satisfactory → 'moderate', Moderate → 'unhealthy for sensitive groups',
 * Poor → 'unhealthy', Very poor → 'very unhealthy', Severe → 'hazardous'. Null (no reading) and invalid
 * readings give null.
 */
export function airQualityOf(pm25: number | null, scale: AqiScale): AirQuality | null {
  if (pm25 === null || !Number.isFinite(pm25) || pm25 < 0) return null;
  const { band } = bandOf(pm25, scale);
  const rank = aqiBandsOf(scale).findIndex((b) => b.band === band);
  return AIR_QUALITY_STATES[Math.min(Math.max(0, rank), AIR_QUALITY_STATES.length - 1)]!;
}
