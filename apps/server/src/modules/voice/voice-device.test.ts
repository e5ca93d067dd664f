import { describe, expect, it } from 'vitest';
import {
  airQualityOf,
  endpointIdOf,
  parseEndpointId,
  resolveEndpoint,
  voiceEndpointsOf,
  voiceGangName,
  type VoiceDevice,
} from './voice-device.ts';

const lumos: VoiceDevice = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Hall switchboard',
  type: 'lumos',
  model: 'LUMOS-3G',
  serialNumber: 'LM-0001',
  firmwareVersion: '1.0.0',
  roomName: 'Hall',
  online: true,
  powerOn: true,
  fanSpeed: null,
  gangNames: ['Ceiling light'],
  gangStates: [true, false, true],
  pm25: null,
};
const isaac: VoiceDevice = {
  ...lumos,
  id: '11111111-1111-4111-8111-111111111111',
  type: 'isaac',
  gangStates: [],
};

describe('endpoint ids', () => {
  it('names a whole device by its id and a gang as <deviceId>:g<index>', () => {
    expect(endpointIdOf(isaac.id)).toBe(isaac.id);
    expect(endpointIdOf(isaac.id, null)).toBe(isaac.id);
    expect(endpointIdOf(lumos.id, 2)).toBe(`${lumos.id}:g2`);
  });

  it('uses only characters Alexa allows in endpoint ids', () => {
    expect(endpointIdOf(lumos.id, 10)).toMatch(/^[A-Za-z0-9 _\-=#;:?@&]+$/);
  });

  it('parses what endpointIdOf makes, and the legacy dotted form', () => {
    expect(parseEndpointId(endpointIdOf(lumos.id, 2))).toEqual({ deviceId: lumos.id, gangIndex: 2 });
    expect(parseEndpointId(`${lumos.id}.g11`)).toEqual({ deviceId: lumos.id, gangIndex: 11 });
    expect(parseEndpointId(isaac.id)).toEqual({ deviceId: isaac.id, gangIndex: null });
    expect(parseEndpointId(`${lumos.id}:g01`)).toEqual({ deviceId: `${lumos.id}:g01`, gangIndex: null });
    expect(parseEndpointId('')).toBeNull();
  });

  it('lists one endpoint per Lumos gang and one for other devices', () => {
    expect(voiceEndpointsOf(lumos).map((endpoint) => endpoint.endpointId)).toEqual([
      `${lumos.id}:g0`,
      `${lumos.id}:g1`,
      `${lumos.id}:g2`,
    ]);
    expect(voiceEndpointsOf(isaac)).toEqual([{ endpointId: isaac.id, gangIndex: null }]);
  });

  it('resolves only endpoints that exist', () => {
    const devices = [lumos, isaac];
    expect(resolveEndpoint(devices, `${lumos.id}:g2`)).toEqual({ device: lumos, gangIndex: 2 });
    expect(resolveEndpoint(devices, isaac.id)).toEqual({ device: isaac, gangIndex: null });
    expect(resolveEndpoint(devices, `${lumos.id}:g3`)).toBeNull();
    expect(resolveEndpoint(devices, lumos.id)).toBeNull();
    expect(resolveEndpoint(devices, `${isaac.id}:g0`)).toBeNull();
    expect(resolveEndpoint(devices, 'nope')).toBeNull();
  });
});

describe('voiceGangName', () => {
  it('uses the owner name, else Switch n', () => {
    expect(voiceGangName(lumos, 0)).toBe('Ceiling light');
    expect(voiceGangName(lumos, 1)).toBe('Switch 2');
    expect(voiceGangName({ gangNames: ['  '] }, 0)).toBe('Switch 1');
  });
});

describe('airQualityOf (CPCB PM2.5 bands)', () => {
  it.each([
    [0, 'healthy'],
    [30, 'healthy'],
    [30.4, 'healthy'],
    [31, 'moderate'],
    [60, 'moderate'],
    [61, 'unhealthy for sensitive groups'],
    [90, 'unhealthy for sensitive groups'],
    [91, 'unhealthy'],
    [120, 'unhealthy'],
    [121, 'very unhealthy'],
    [250, 'very unhealthy'],
    [251, 'hazardous'],
    [999, 'hazardous'],
  ])('%d µg/m³ → %s', (pm25, expected) => {
    expect(airQualityOf(pm25, 'cpcb')).toBe(expected);
  });

  it('follows the deployment scale (AQI_SCALE=us_epa_2024): the same rank of the EPA bands', () => {
    expect(airQualityOf(8, 'us_epa_2024')).toBe('healthy');
    expect(airQualityOf(20, 'us_epa_2024')).toBe('moderate');
    expect(airQualityOf(40, 'us_epa_2024')).toBe('unhealthy for sensitive groups');
    expect(airQualityOf(100, 'us_epa_2024')).toBe('unhealthy');
    expect(airQualityOf(400, 'us_epa_2024')).toBe('hazardous');
    // 40 µg/m³ is Satisfactory on CPCB: the same reading, the app's scale.
    expect(airQualityOf(40, 'cpcb')).toBe('moderate');
  });

  it('has no state without a valid reading', () => {
    expect(airQualityOf(null, 'cpcb')).toBeNull();
    expect(airQualityOf(-1, 'cpcb')).toBeNull();
    expect(airQualityOf(Number.NaN, 'cpcb')).toBeNull();
  });
});
