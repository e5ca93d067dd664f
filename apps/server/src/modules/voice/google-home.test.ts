import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  googleDisconnectResponse,
  googleExecutePlan,
  googleExecuteResponse,
  googleQuery,
  googleReportStatePayload,
  googleRequestSchema,
  googleSync,
  type GoogleExecutePayload,
  type GoogleIntentInput,
} from './google-home.ts';
import { LUMOS, MONITOR, PURIFIER, lumos, monitorWith, purifierWith } from '../../test/voice-devices.ts';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
}

function inputOf(name: string): GoogleIntentInput {
  const input = googleRequestSchema.parse(fixture(name)).inputs[0];
  if (!input) throw new Error(`${name} has no input`);
  return input;
}

function executePayloadOf(name: string): GoogleExecutePayload {
  const input = inputOf(name);
  if (input.intent !== 'action.devices.EXECUTE') throw new Error(`${name} is not an EXECUTE`);
  return input.payload;
}

const purifier = purifierWith();
const monitor = monitorWith();
const devices = [purifier, lumos, monitor];

describe('googleRequestSchema', () => {
  it.each([
    ['google-sync.request.json', 'action.devices.SYNC'],
    ['google-query.request.json', 'action.devices.QUERY'],
    ['google-execute-onoff.request.json', 'action.devices.EXECUTE'],
    ['google-execute-fanspeed.request.json', 'action.devices.EXECUTE'],
    ['google-disconnect.request.json', 'action.devices.DISCONNECT'],
  ])('parses %s', (name, intent) => {
    const request = googleRequestSchema.parse(fixture(name));
    expect(request.requestId).toBe('ff36a3cc-ec34-11e6-b1a0-64510650abcf');
    expect(request.inputs[0]?.intent).toBe(intent);
  });

  it('keeps unknown fields and customData', () => {
    const input = inputOf('google-query.request.json');
    if (input.intent !== 'action.devices.QUERY') throw new Error('not a QUERY');
    expect(input.payload.devices[0]?.customData).toEqual({ fooValue: 74, barValue: true, bazValue: 'foo' });
    expect(googleRequestSchema.parse(fixture('google-sync.request.json'))).toHaveProperty('_source');
  });

  it('rejects unknown intents and malformed payloads', () => {
    expect(
      googleRequestSchema.safeParse({ requestId: 'r', inputs: [{ intent: 'action.devices.NOPE' }] }).success,
    ).toBe(false);
    expect(
      googleRequestSchema.safeParse({
        requestId: 'r',
        inputs: [{ intent: 'action.devices.QUERY', payload: {} }],
      }).success,
    ).toBe(false);
    expect(googleRequestSchema.safeParse({ requestId: 'r', inputs: [] }).success).toBe(false);
  });
});

describe('googleSync', () => {
  const response = googleSync('req-1', 'user-1', devices);
  const byId = new Map(response.payload.devices.map((device) => [device.id, device]));

  it('answers with the request id and the agent user id', () => {
    expect(response.requestId).toBe('req-1');
    expect(response.payload.agentUserId).toBe('user-1');
    expect([...byId.keys()]).toEqual([PURIFIER, `${LUMOS}:g0`, `${LUMOS}:g1`, MONITOR]);
  });

  it('describes an ISAAC as an air purifier with OnOff, FanSpeed and SensorState', () => {
    expect(byId.get(PURIFIER)).toEqual({
      id: PURIFIER,
      type: 'action.devices.types.AIRPURIFIER',
      traits: [
        'action.devices.traits.OnOff',
        'action.devices.traits.FanSpeed',
        'action.devices.traits.SensorState',
      ],
      name: { name: 'Living room purifier', defaultNames: ['Isaac ISAAC-1'] },
      willReportState: true,
      roomHint: 'Living room',
      deviceInfo: { manufacturer: 'Isaac', model: 'ISAAC-1', swVersion: '2.1.0' },
      attributes: {
        availableFanSpeeds: {
          speeds: [
            { speed_name: 'low', speed_values: [{ speed_synonym: ['low', 'slow', 'minimum'], lang: 'en' }] },
            { speed_name: 'medium', speed_values: [{ speed_synonym: ['medium', 'normal'], lang: 'en' }] },
            {
              speed_name: 'high',
              speed_values: [{ speed_synonym: ['high', 'fast', 'maximum'], lang: 'en' }],
            },
          ],
          ordered: true,
        },
        reversible: false,
        supportsFanSpeedPercent: false,
        sensorStatesSupported: [
          {
            name: 'AirQuality',
            descriptiveCapabilities: {
              availableStates: [
                'healthy',
                'moderate',
                'unhealthy for sensitive groups',
                'unhealthy',
                'very unhealthy',
                'hazardous',
              ],
            },
          },
          { name: 'PM2.5', numericCapabilities: { rawValueUnit: 'MICROGRAMS_PER_CUBIC_METER' } },
        ],
      },
    });
  });

  it('describes a SKYWALKER as a sensor with SensorState only', () => {
    const sensor = byId.get(MONITOR);
    expect(sensor?.type).toBe('action.devices.types.SENSOR');
    expect(sensor?.traits).toEqual(['action.devices.traits.SensorState']);
    expect(sensor?.attributes).toHaveProperty('sensorStatesSupported');
    expect(sensor?.attributes).not.toHaveProperty('availableFanSpeeds');
    expect(sensor?.roomHint).toBe('Bedroom');
  });

  it('describes each Lumos gang as its own switch named after the gang', () => {
    const first = byId.get(`${LUMOS}:g0`);
    const second = byId.get(`${LUMOS}:g1`);
    expect(first?.type).toBe('action.devices.types.SWITCH');
    expect(first?.traits).toEqual(['action.devices.traits.OnOff']);
    expect(first?.name).toEqual({
      name: 'Ceiling light',
      defaultNames: ['Isaac LUMOS-2G'],
      nicknames: ['Hall switchboard Ceiling light'],
    });
    expect(second?.name.name).toBe('Switch 2');
    expect(second?.name.nicknames).toEqual(['Hall switchboard Switch 2']);
    expect(first).not.toHaveProperty('roomHint');
    expect(first?.deviceInfo).toEqual({ manufacturer: 'Isaac', model: 'LUMOS-2G' });
    expect(first?.willReportState).toBe(true);
  });

  it('has no devices for a user without any', () => {
    expect(googleSync('r', 'u', []).payload.devices).toEqual([]);
  });
});

describe('googleQuery', () => {
  const input = inputOf('google-query.request.json');
  if (input.intent !== 'action.devices.QUERY') throw new Error('not a QUERY');
  const ids = input.payload.devices.map((device) => device.id);
  const response = googleQuery('ff36a3cc-ec34-11e6-b1a0-64510650abcf', devices, ids);

  it('reports a purifier: power, fan speed, air quality and PM2.5', () => {
    expect(response.requestId).toBe('ff36a3cc-ec34-11e6-b1a0-64510650abcf');
    expect(response.payload.devices[PURIFIER]).toEqual({
      status: 'SUCCESS',
      online: true,
      on: true,
      currentFanSpeedSetting: 'medium',
      currentSensorStateData: [
        { name: 'AirQuality', currentSensorState: 'moderate' },
        { name: 'PM2.5', rawValue: 42 },
      ],
    });
  });

  it('reports a gang by its own state', () => {
    expect(response.payload.devices[`${LUMOS}:g1`]).toEqual({ status: 'SUCCESS', online: true, on: true });
  });

  it('reports an offline device as online: false with its last known readings', () => {
    expect(response.payload.devices[MONITOR]).toEqual({
      status: 'SUCCESS',
      online: false,
      currentSensorStateData: [
        { name: 'AirQuality', currentSensorState: 'very unhealthy' },
        { name: 'PM2.5', rawValue: 130 },
      ],
    });
  });

  it('reports unknown ids as deviceNotFound', () => {
    expect(response.payload.devices['unknown-device']).toEqual({
      status: 'ERROR',
      errorCode: 'deviceNotFound',
    });
    const more = googleQuery('r', devices, [LUMOS, `${LUMOS}:g2`]);
    expect(more.payload.devices[LUMOS]).toEqual({ status: 'ERROR', errorCode: 'deviceNotFound' });
    expect(more.payload.devices[`${LUMOS}:g2`]).toEqual({ status: 'ERROR', errorCode: 'deviceNotFound' });
  });

  it('omits sensor data and fan speed while there is none', () => {
    const fresh = { ...purifier, pm25: null, fanSpeed: null };
    expect(googleQuery('r', [fresh], [PURIFIER]).payload.devices[PURIFIER]).toEqual({
      status: 'SUCCESS',
      online: true,
      on: true,
    });
  });
});

describe('googleExecutePlan', () => {
  it('turns OnOff into power and gang commands', () => {
    expect(googleExecutePlan(executePayloadOf('google-execute-onoff.request.json'), devices)).toEqual([
      { endpointId: PURIFIER, command: { kind: 'power', on: true } },
      { endpointId: `${LUMOS}:g0`, command: { kind: 'gang', index: 0, on: true } },
      { endpointId: MONITOR, error: 'functionNotSupported' },
      { endpointId: 'unknown-device', error: 'deviceNotFound' },
    ]);
  });

  it('turns SetFanSpeed into a fan speed command for a purifier only', () => {
    expect(googleExecutePlan(executePayloadOf('google-execute-fanspeed.request.json'), devices)).toEqual([
      { endpointId: PURIFIER, command: { kind: 'fan_speed', speed: 'high' } },
      { endpointId: `${LUMOS}:g0`, error: 'functionNotSupported' },
    ]);
  });

  it('rejects bad values and unknown commands', () => {
    const payload: GoogleExecutePayload = {
      commands: [
        {
          devices: [{ id: PURIFIER }],
          execution: [
            { command: 'action.devices.commands.SetFanSpeed', params: { fanSpeed: 'turbo' } },
            { command: 'action.devices.commands.SetFanSpeed', params: { fanSpeedPercent: 50 } },
            { command: 'action.devices.commands.OnOff', params: { on: 'yes' } },
            { command: 'action.devices.commands.OnOff' },
            { command: 'action.devices.commands.ColorAbsolute', params: {} },
          ],
        },
      ],
    };
    expect(googleExecutePlan(payload, devices)).toEqual([
      { endpointId: PURIFIER, error: 'valueOutOfRange' },
      { endpointId: PURIFIER, error: 'valueOutOfRange' },
      { endpointId: PURIFIER, error: 'valueOutOfRange' },
      { endpointId: PURIFIER, error: 'valueOutOfRange' },
      { endpointId: PURIFIER, error: 'notSupported' },
    ]);
  });
});

describe('googleExecuteResponse', () => {
  it('groups successes by resulting state and errors by code', () => {
    const secondPurifier = { ...purifier, id: 'p2' };
    const response = googleExecuteResponse('req-9', [
      { endpointId: PURIFIER, ok: true, device: { ...purifier, fanSpeed: 'high' } },
      { endpointId: 'p2', ok: true, device: { ...secondPurifier, fanSpeed: 'high' } },
      { endpointId: `${LUMOS}:g0`, ok: true, device: { ...lumos, gangStates: [true, true] } },
      { endpointId: MONITOR, ok: false, errorCode: 'deviceOffline' },
      { endpointId: 'unknown-device', ok: false, errorCode: 'deviceNotFound' },
      { endpointId: 'other-unknown', ok: false, errorCode: 'deviceNotFound' },
    ]);
    expect(response).toEqual({
      requestId: 'req-9',
      payload: {
        commands: [
          {
            ids: [PURIFIER, 'p2'],
            status: 'SUCCESS',
            states: { online: true, on: true, currentFanSpeedSetting: 'high' },
          },
          { ids: [`${LUMOS}:g0`], status: 'SUCCESS', states: { online: true, on: true } },
          { ids: [MONITOR], status: 'OFFLINE', errorCode: 'deviceOffline' },
          { ids: ['unknown-device', 'other-unknown'], status: 'ERROR', errorCode: 'deviceNotFound' },
        ],
      },
    });
  });

  it('reports a gang by its own state after the command', () => {
    const response = googleExecuteResponse('r', [
      { endpointId: `${LUMOS}:g0`, ok: true, device: lumos },
      { endpointId: `${LUMOS}:g1`, ok: true, device: lumos },
    ]);
    expect(response.payload.commands).toEqual([
      { ids: [`${LUMOS}:g0`], status: 'SUCCESS', states: { online: true, on: false } },
      { ids: [`${LUMOS}:g1`], status: 'SUCCESS', states: { online: true, on: true } },
    ]);
  });

  it('keeps the last outcome of an endpoint', () => {
    const response = googleExecuteResponse('r', [
      { endpointId: PURIFIER, ok: true, device: purifier },
      { endpointId: PURIFIER, ok: false, errorCode: 'deviceOffline' },
    ]);
    expect(response.payload.commands).toEqual([
      { ids: [PURIFIER], status: 'OFFLINE', errorCode: 'deviceOffline' },
    ]);
  });
});

describe('googleDisconnectResponse', () => {
  it('is an empty object', () => {
    expect(googleDisconnectResponse()).toEqual({});
  });
});

describe('googleReportStatePayload', () => {
  it('carries the state of every endpoint under its id', () => {
    expect(googleReportStatePayload('req-2', 'user-1', devices)).toEqual({
      requestId: 'req-2',
      agentUserId: 'user-1',
      payload: {
        devices: {
          states: {
            [PURIFIER]: {
              online: true,
              on: true,
              currentFanSpeedSetting: 'medium',
              currentSensorStateData: [
                { name: 'AirQuality', currentSensorState: 'moderate' },
                { name: 'PM2.5', rawValue: 42 },
              ],
            },
            [`${LUMOS}:g0`]: { online: true, on: false },
            [`${LUMOS}:g1`]: { online: true, on: true },
            [MONITOR]: {
              online: false,
              currentSensorStateData: [
                { name: 'AirQuality', currentSensorState: 'very unhealthy' },
                { name: 'PM2.5', rawValue: 130 },
              ],
            },
          },
        },
      },
    });
  });
});
