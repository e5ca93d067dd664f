import { describe, expect, it } from 'vitest';
import { deviceMayPublish, deviceMaySubscribe, parseDeviceTopic } from './device-plane.ts';
import { airQualityOf } from './air-quality-rules.ts';

describe('AQI from PM2.5 (CPCB, and US EPA 2024)', () => {
  it('puts each band edge in its band, with the AQI at the band ends', () => {
    expect(airQualityOf(0)).toEqual({ aqi: 0, band: 'good', label: 'Good', scale: 'cpcb' });
    expect(airQualityOf(30)).toMatchObject({ aqi: 50, band: 'good' });
    expect(airQualityOf(31)).toMatchObject({ aqi: 51, band: 'satisfactory' });
    expect(airQualityOf(60)).toMatchObject({ aqi: 100, band: 'satisfactory' });
    expect(airQualityOf(61)).toMatchObject({ aqi: 101, band: 'moderate' });
    expect(airQualityOf(90)).toMatchObject({ aqi: 200, band: 'moderate' });
    expect(airQualityOf(91)).toMatchObject({ band: 'poor' });
    expect(airQualityOf(120)).toMatchObject({ aqi: 300, band: 'poor' });
    expect(airQualityOf(121)).toMatchObject({ band: 'very_poor' });
    expect(airQualityOf(250)).toMatchObject({ aqi: 400, band: 'very_poor' });
    expect(airQualityOf(251)).toMatchObject({ aqi: 401, band: 'severe', label: 'Severe' });
    expect(airQualityOf(900)).toMatchObject({ aqi: 500, band: 'severe' });
    // 30.4 rounds to 30 (good), 30.5 to 31 (satisfactory): no reading falls between bands.
    expect(airQualityOf(30.4).band).toBe('good');
    expect(airQualityOf(30.5).band).toBe('satisfactory');
  });

  it('the EPA 2024 scale: 9.0 good, 9.1 moderate, 35.5 unhealthy for sensitive groups', () => {
    expect(airQualityOf(9, 'us_epa_2024')).toMatchObject({ aqi: 50, band: 'good' });
    expect(airQualityOf(9.1, 'us_epa_2024')).toMatchObject({ aqi: 51, band: 'moderate' });
    expect(airQualityOf(35.5, 'us_epa_2024')).toMatchObject({ aqi: 101, band: 'unhealthy_sensitive' });
  });
});

describe('device topics', () => {
  const id = 'dev-1';
  it('parses the topics a device and the server use, and nothing else', () => {
    expect(parseDeviceTopic('d/dev-1/ack/c1')).toEqual({ deviceId: id, kind: 'ack', commandId: 'c1' });
    expect(parseDeviceTopic('d/dev-1/telemetry')).toEqual({
      deviceId: id,
      kind: 'telemetry',
      commandId: null,
    });
    expect(parseDeviceTopic('d/dev-1/ack')).toBeNull();
    expect(parseDeviceTopic('d/dev-1/telemetry/x')).toBeNull();
    expect(parseDeviceTopic('x/dev-1/state')).toBeNull();
  });

  it('a device publishes only its own ack, status, state and telemetry, and subscribes only to its commands', () => {
    expect(deviceMayPublish(id, 'd/dev-1/state')).toBe(true);
    expect(deviceMayPublish(id, 'd/dev-1/ack/c1')).toBe(true);
    expect(deviceMayPublish(id, 'd/dev-1/cmd/c1')).toBe(false);
    expect(deviceMayPublish(id, 'd/dev-2/state')).toBe(false);
    expect(deviceMaySubscribe(id, 'd/dev-1/cmd/+')).toBe(true);
    expect(deviceMaySubscribe(id, '#')).toBe(false);
    expect(deviceMaySubscribe(id, 'd/+/cmd/+')).toBe(false);
    expect(deviceMaySubscribe(id, 'd/dev-2/cmd/+')).toBe(false);
  });
});
