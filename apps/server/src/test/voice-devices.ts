import type { VoiceDevice } from '../modules/voice/voice-device.ts';

/** Test devices of the voice suites (imported by *.test.ts only): one of each type, overridable. */
export const PURIFIER = '11111111-1111-4111-8111-111111111111';
export const LUMOS = '22222222-2222-4222-8222-222222222222';
export const MONITOR = '33333333-3333-4333-8333-333333333333';

export const purifierWith = (patch: Partial<VoiceDevice> = {}): VoiceDevice => ({
  id: PURIFIER,
  name: 'Living room purifier',
  type: 'isaac',
  model: 'ISAAC-1',
  serialNumber: 'IS-0001',
  firmwareVersion: '2.1.0',
  roomName: 'Living room',
  online: true,
  powerOn: true,
  fanSpeed: 'medium',
  gangNames: [],
  gangStates: [],
  pm25: 42,
  ...patch,
});

export const lumos: VoiceDevice = {
  id: LUMOS,
  name: 'Hall switchboard',
  type: 'lumos',
  model: 'LUMOS-2G',
  serialNumber: 'LM-0001',
  firmwareVersion: null,
  roomName: null,
  online: true,
  powerOn: true,
  fanSpeed: null,
  gangNames: ['Ceiling light'],
  gangStates: [false, true],
  pm25: null,
};

export const monitorWith = (patch: Partial<VoiceDevice> = {}): VoiceDevice => ({
  id: MONITOR,
  name: 'Bedroom monitor',
  type: 'skywalker',
  model: 'SKYWALKER-1',
  serialNumber: 'SW-0001',
  firmwareVersion: '0.9.3',
  roomName: 'Bedroom',
  online: false,
  powerOn: false,
  fanSpeed: null,
  gangNames: [],
  gangStates: [],
  pm25: 130,
  ...patch,
});
