import { ERROR_CODE, ROLE, type DeviceType } from '@isaac/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, rooms } from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
const device = (userId: string | null, type: DeviceType) => ({
  name: `${type} ${++serial}`,
  model: type === 'lumos' ? 'Lumos 2-Gang' : 'Model',
  serialNumber: `DB-${process.pid}-${serial}`,
  type,
  userId,
});

describe('GET /api/dashboard', () => {
  it("counts the caller's devices per type and rooms, nobody else's", async () => {
    const me = await t.signIn(ROLE.owner);
    const other = await t.signIn(ROLE.owner);
    await t.db
      .insert(devices)
      .values([
        device(me.user.id, 'lumos'),
        device(me.user.id, 'lumos'),
        device(me.user.id, 'lumos'),
        device(me.user.id, 'isaac'),
        device(me.user.id, 'skywalker'),
        device(other.user.id, 'isaac'),
        device(null, 'isaac'),
      ]);
    await t.db.insert(rooms).values([
      { userId: me.user.id, name: 'Kitchen', type: 'kitchen' },
      { userId: me.user.id, name: 'Office', type: 'office' },
      { userId: other.user.id, name: 'Hall', type: 'living_room' },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: await authed(t.app, me.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statistics: { devices: { total: 5, lumos_devices: 3, isaac: 1, skywalker: 1 }, rooms: 2 },
      air_quality: [],
    });
  });

  it("shows each room's air from its sensor's latest reading (AQI band), only the caller's rooms", async () => {
    const me = await t.signIn(ROLE.owner);
    const other = await t.signIn(ROLE.owner);
    const [kitchen, hall] = await t.db
      .insert(rooms)
      .values([
        { userId: me.user.id, name: 'Kitchen', type: 'kitchen' },
        { userId: other.user.id, name: 'Hall', type: 'living_room' },
      ])
      .returning();
    const at = new Date('2026-11-20T10:00:00Z');
    await t.db.insert(devices).values([
      { ...device(me.user.id, 'skywalker'), roomId: kitchen!.id, pm25: 72, airQualityAt: at },
      {
        ...device(me.user.id, 'skywalker'),
        roomId: kitchen!.id,
        pm25: 20,
        airQualityAt: new Date(at.getTime() - 60_000),
      },
      { ...device(me.user.id, 'isaac'), roomId: kitchen!.id, pm25: 5, airQualityAt: at },
      { ...device(other.user.id, 'skywalker'), roomId: hall!.id, pm25: 300, airQualityAt: at },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: await authed(t.app, me.token),
    });
    expect(res.json().air_quality).toEqual([
      {
        room_id: kitchen!.id,
        room_name: 'Kitchen',
        pm25: 72,
        aqi: 139, // 101 + (200 − 101) × (72 − 61) / (90 − 61)
        band: 'moderate',
        label: 'Moderate',
        scale: 'cpcb',
        at: at.toISOString(),
      },
    ]);
  });

  it('an owner with nothing sees zeros', async () => {
    const me = await t.signIn(ROLE.owner);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: await authed(t.app, me.token),
    });
    expect(res.json()).toEqual({
      statistics: { devices: { total: 0, lumos_devices: 0, isaac: 0, skywalker: 0 }, rooms: 0 },
      air_quality: [],
    });
  });

  it("admins get 403, an electrician their own home's figures (ADR 033); no token is 401", async () => {
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: await authed(t.app, (await t.signIn(ROLE.admin)).token),
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().error).toBe(ERROR_CODE.forbidden);
    const electrician = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: await authed(t.app, (await t.signIn(ROLE.electrician)).token),
    });
    expect(electrician.statusCode).toBe(200);
    expect(electrician.json().statistics).toMatchObject({ devices: { total: 0 }, rooms: 0 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('AQI_SCALE=us_epa_2024', () => {
  it('bands the same reading by the US EPA 2024 table', async () => {
    const epa = await createTestApp({ env: { AQI_SCALE: 'us_epa_2024' } });
    try {
      const me = await epa.signIn(ROLE.owner);
      const [room] = await epa.db
        .insert(rooms)
        .values({ userId: me.user.id, name: 'Hall', type: 'living_room' })
        .returning();
      await epa.db
        .insert(devices)
        .values({ ...device(me.user.id, 'skywalker'), roomId: room!.id, pm25: 40, airQualityAt: new Date() });
      const res = await epa.app.inject({
        method: 'GET',
        url: '/api/dashboard',
        headers: await authed(epa.app, me.token),
      });
      // 40 µg/m³: 'Satisfactory' on CPCB, 'Unhealthy for Sensitive Groups' (AQI 112) on EPA 2024.
      expect(res.json().air_quality[0]).toMatchObject({
        band: 'unhealthy_sensitive',
        label: 'Unhealthy for Sensitive Groups',
        aqi: 112,
        scale: 'us_epa_2024',
      });
    } finally {
      await epa.close();
    }
  });
});
