/**
 * Air quality and the telemetry chart's ranges apart from the device plane's schemas (device-plane.ts):
 * zod-free, as device cards, charts and automation templates read them (ADR 083).
 */

/**
 * Air quality from PM2.5 (µg/m³, 24-hour average bands applied to the reading), India's CPCB National
 * Air Quality Index (CPCB, "National Air Quality Index", 2014): each band's concentration range and its
 * AQI range; AQI is linear within a band.
 */
export const AQI_BANDS_CPCB = [
  { band: 'good', label: 'Good', pm25: [0, 30], aqi: [0, 50] },
  { band: 'satisfactory', label: 'Satisfactory', pm25: [31, 60], aqi: [51, 100] },
  { band: 'moderate', label: 'Moderate', pm25: [61, 90], aqi: [101, 200] },
  { band: 'poor', label: 'Poor', pm25: [91, 120], aqi: [201, 300] },
  { band: 'very_poor', label: 'Very Poor', pm25: [121, 250], aqi: [301, 400] },
  { band: 'severe', label: 'Severe', pm25: [251, 500], aqi: [401, 500] },
] as const;

/** US EPA AQI for PM2.5 as revised in 2024 (EPA, PM NAAQS final rule, 89 FR 16202, Feb 2024). */
export const AQI_BANDS_US_EPA_2024 = [
  { band: 'good', label: 'Good', pm25: [0, 9], aqi: [0, 50] },
  { band: 'moderate', label: 'Moderate', pm25: [9.1, 35.4], aqi: [51, 100] },
  {
    band: 'unhealthy_sensitive',
    label: 'Unhealthy for Sensitive Groups',
    pm25: [35.5, 55.4],
    aqi: [101, 150],
  },
  { band: 'unhealthy', label: 'Unhealthy', pm25: [55.5, 125.4], aqi: [151, 200] },
  { band: 'very_unhealthy', label: 'Very Unhealthy', pm25: [125.5, 225.4], aqi: [201, 300] },
  { band: 'hazardous', label: 'Hazardous', pm25: [225.5, 325.4], aqi: [301, 500] },
] as const;

export const AQI_SCALES = ['cpcb', 'us_epa_2024'] as const;

export type AqiScale = (typeof AQI_SCALES)[number];

/** The band table of a scale. */
export const aqiBandsOf = (scale: AqiScale) => (scale === 'cpcb' ? AQI_BANDS_CPCB : AQI_BANDS_US_EPA_2024);

export interface AirQuality {
  aqi: number;
  band: string;
  label: string;
  scale: AqiScale;
}

/**
 * The AQI and band of a PM2.5 reading on a scale (CPCB by default). Readings are rounded to the scale's
 * precision first (CPCB: whole µg/m³; EPA: 0.1), so a reading between two bands' ranges falls in the upper
 * one's; above the top band the AQI is capped at its top.
 */
export function airQualityOf(pm25: number, scale: AqiScale = 'cpcb'): AirQuality {
  const bands = aqiBandsOf(scale);
  const reading = scale === 'cpcb' ? Math.round(Math.max(0, pm25)) : Math.round(Math.max(0, pm25) * 10) / 10;
  const last = bands[bands.length - 1]!;
  const band = bands.find((b) => reading <= b.pm25[1]) ?? last;
  const [cLow, cHigh] = band.pm25;
  const [iLow, iHigh] = band.aqi;
  const within = Math.min(reading, cHigh);
  const aqi = Math.round(((iHigh - iLow) / (cHigh - cLow)) * (Math.max(within, cLow) - cLow) + iLow);
  return { aqi: Math.min(aqi, iHigh), band: band.band, label: band.label, scale };
}

/** Chart buckets of GET /api/devices/{id}/telemetry. */
export const TELEMETRY_BUCKETS = { '5m': 300, '15m': 900, '1h': 3600, '6h': 21600, '1d': 86400 } as const;

export type TelemetryBucket = keyof typeof TELEMETRY_BUCKETS;

/** The chart ranges an owner picks, and the bucket each is drawn with. */
export const TELEMETRY_RANGES = {
  '24h': { hours: 24, bucket: '15m' },
  '7d': { hours: 24 * 7, bucket: '1h' },
  '30d': { hours: 24 * 30, bucket: '6h' },
} as const satisfies Record<string, { hours: number; bucket: TelemetryBucket }>;

export type TelemetryRange = keyof typeof TELEMETRY_RANGES;

/** At most this many buckets in one answer. */
export const MAX_TELEMETRY_POINTS = 2000;
