import { ELECTRICIAN_MSG, type Installation } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  devices,
  electricianCustomers,
  electricianDevices,
  installationDevices,
  installations,
} from '../../db/schema/index.ts';
import { useElectricianWorld } from '../../test/electrician-world.ts';
import { authed, login } from '../../test/helpers.ts';
import { pngBytes, pngChunk, pngDataUrl } from '../../test/png.ts';

/**
 * The guided install (ADR 034) and the customer-status (issue 30), through the electrician API, in the
 * electrician area's world (E2 works in owner B's home).
 */
const { ctx, get, post } = useElectricianWorld();

describe('the guided install (ADR 034)', () => {
  // a 300×100 white PNG (what a signature pad draws on)
  const PNG = pngDataUrl(pngBytes(300, 100));

  it('resumes the open installation as guided, refuses to complete until devices, training and signature are done', async () => {
    const stockSerial = `GUIDE-${process.pid}`;
    const [stock] = await ctx.t.db
      .insert(devices)
      .values({ name: 'Kitchen Sensor', model: 'SKYWALKER', serialNumber: stockSerial, type: 'skywalker' })
      .returning({ id: devices.id });
    const [e2] = await ctx.t.db
      .select({ id: electricianCustomers.electricianId })
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, ctx.world.ownerB.id));
    await ctx.t.db.insert(electricianDevices).values({ electricianId: e2!.id, deviceId: stock!.id });

    const started = await post(
      '/api/electrician/installations/guided',
      { customer_id: ctx.world.ownerB.id },
      ctx.world.e2,
    );
    expect(started.statusCode).toBe(200);
    const installation = started.json().installation as Installation;
    expect(installation).toMatchObject({ status: 'in_progress', guided_step: 'devices', signature: null });
    const url = `/api/electrician/installations/${installation._id}`;

    const early = await post(`${url}/complete`, {}, ctx.world.e2);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not configured yet.*training.*signature/);

    expect((await post(`${url}/devices`, { serial_number: 'NOPE-1' }, ctx.world.e2)).statusCode).toBe(404);
    const added = await post(`${url}/devices`, { serial_number: stockSerial }, ctx.world.e2);
    expect(added.statusCode).toBe(200);
    expect(added.json().installation.devices.map((d: { device_id: string }) => d.device_id)).toContain(
      stock!.id,
    );
    const [owned] = await ctx.t.db.select().from(devices).where(eq(devices.id, stock!.id));
    expect(owned?.userId).toBe(ctx.world.ownerB.id);

    for (const deviceId of [stock!.id, ctx.world.deviceB]) {
      const res = await post(
        `/api/electrician/devices/${deviceId}/configure`,
        { configuration_type: 'wifi', data: { ssid: 'B-Home', password: 'pw-123456' } },
        ctx.world.e2,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    // Bluetooth alone is not configured; WiFi set but never online is not either, and the refusal says so
    const paired = await post(
      `/api/electrician/devices/${stock!.id}/configure`,
      { configuration_type: 'bluetooth' },
      ctx.world.e2,
    );
    expect(paired.statusCode).toBe(200);
    const notOnline = await post(`${url}/complete`, {}, ctx.world.e2);
    expect(notOnline.json().message).toContain(
      'Kitchen Sensor (not seen online yet, no test command answered yet)',
    );
    await ctx.t.db.update(devices).set({ isConnected: true }).where(eq(devices.id, stock!.id));
    await ctx.t.db.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, ctx.world.deviceB));
    // online, but completion still waits for each device's answer to a test command
    const untested = await post(`${url}/complete`, {}, ctx.world.e2);
    expect(untested.json().message).toContain('Kitchen Sensor (no test command answered yet)');
    for (const deviceId of [stock!.id, ctx.world.deviceB]) {
      const tested = await post(`${url}/devices/${deviceId}/test`, {}, ctx.world.e2);
      expect(tested.statusCode, tested.body).toBe(200);
      expect(tested.json().message).toBe(ELECTRICIAN_MSG.deviceTested);
    }
    // resumable: the step is kept on the server
    expect((await post(`${url}/step`, { step: 'training' }, ctx.world.e2)).statusCode).toBe(200);
    expect((await get(url, ctx.world.e2)).json().installation.guided_step).toBe('training');
    const [stepEntry] = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, installation._id), eq(auditLog.action, 'installation.updated')));
    expect(stepEntry?.changes).toEqual({ guided_step: { before: 'devices', after: 'training' } });

    expect(
      (await post(`${url}/training`, { items: ['Rooms and switch names'] }, ctx.world.e2)).statusCode,
    ).toBe(400);
    const trained = await post(
      `${url}/training`,
      {
        items: [
          'Turning each device on and off in the app',
          'Reading the air quality and the filter life',
          'Rooms and switch names',
          'Who to call for support',
        ],
      },
      ctx.world.e2,
    );
    expect(trained.json().installation.customer_training_completed).toBe(true);
    expect((await post(`${url}/complete`, {}, ctx.world.e2)).json().message).toMatch(/signature is missing/);

    expect(
      (
        await post(
          `${url}/signature`,
          { signer_name: 'B Owner', image: 'data:text/html,<b>x</b>' },
          ctx.world.e2,
        )
      ).statusCode,
    ).toBe(400);
    const signed = await post(`${url}/signature`, { signer_name: 'B Owner', image: PNG }, ctx.world.e2);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().installation.signature.signed_by).toBe('B Owner');
    // another electrician reaches none of it
    expect((await post(`${url}/signature`, { signer_name: 'X', image: PNG })).statusCode).toBe(404);

    const done = await post(`${url}/complete`, { handover_notes: 'All set' }, ctx.world.e2);
    expect(done.statusCode, done.body).toBe(200);

    // the electrician's list shows who signed and when, never the image (the owner's record has it)
    const list = await get('/electrician/installations?page=1', ctx.world.e2);
    expect(list.json()).toMatchObject({
      page: 1,
      total: 1,
      installations: [{ _id: installation._id, signature: { signed_by: 'B Owner' }, status: 'completed' }],
    });
    expect(list.body).not.toContain(PNG);
    // …and the sign-off with its image one call away (the workflow card shows it); another electrician: 404
    const signature = await get(`${url}/signature`, ctx.world.e2);
    expect(signature.statusCode, signature.body).toBe(200);
    expect(signature.json()).toMatchObject({ signature: { signed_by: 'B Owner', image: PNG } });
    expect((await get(`${url}/signature`)).statusCode).toBe(404);
    expect((await get('/api/electrician/dashboard', ctx.world.e2)).body).not.toContain(PNG);
    const past = await get('/electrician/installations?page=2', ctx.world.e2);
    expect(past.json()).toMatchObject({ page: 2, total: 1, installations: [] });

    // the owner sees the record with the signature
    const ownerToken = await login(ctx.t.app, ctx.world.ownerB.email, ctx.world.ownerB.password);
    const records = await get('/api/installations', await authed(ctx.t.app, ownerToken));
    expect(records.statusCode).toBe(200);
    const record = records.json().installations.find((r: { _id: string }) => r._id === installation._id);
    expect(record).toMatchObject({
      status: 'completed',
      handover_notes: 'All set',
      signature: { signed_by: 'B Owner' },
      signature_image: PNG,
    });
    expect((await get('/api/installations', ctx.world.e2)).statusCode).toBe(403);
    // …and the bell says it (issue 33)
    const bell = await get('/api/notifications', await authed(ctx.t.app, ownerToken));
    expect(bell.json().notifications).toContainEqual(
      expect.objectContaining({ kind: 'installation_completed', title: 'Your installation is complete' }),
    );
  });

  it('a signature is a real PNG of sane size, final once stored; reopening (audited, with a reason) clears it (issue 29)', async () => {
    const list = await get('/electrician/installations?page=1', ctx.world.e2);
    const [completed] = list.json().installations as Installation[];
    expect(completed).toMatchObject({ status: 'completed', signature: { signed_by: 'B Owner' } });
    const url = `/api/electrician/installations/${completed!._id}`;

    // A completed installation's signature cannot be replaced, nor by another electrician reopened.
    expect((await post(`${url}/signature`, { signer_name: 'X', image: PNG }, ctx.world.e2)).statusCode).toBe(
      409,
    );
    expect((await post(`${url}/reopen`, { reason: 'Customer asks' })).statusCode).toBe(404);
    expect((await post(`${url}/reopen`, { reason: '  ' }, ctx.world.e2)).statusCode).toBe(400);
    const reopened = await post(
      `${url}/reopen`,
      { reason: 'The customer signed with the wrong name' },
      ctx.world.e2,
    );
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      message: ELECTRICIAN_MSG.installationReopened,
      installation: { status: 'in_progress', signature: null },
    });
    const [entry] = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, completed!._id), eq(auditLog.action, 'installation.reopened')));
    expect(entry?.changes).toMatchObject({
      reason: { before: null, after: 'The customer signed with the wrong name' },
      signed_by: { before: 'B Owner', after: null },
      status: { before: 'completed', after: 'in_progress' },
    });

    // Only a well-formed PNG of sane dimensions is stored.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const good = pngBytes(300, 100);
    const badCrc = Buffer.from(good);
    badCrc[badCrc.length - 20] = (badCrc[badCrc.length - 20] ?? 0) ^ 0xff;
    const refused: [string, string][] = [
      ['svg+xml data URL', `data:image/svg+xml;base64,${svg.toString('base64')}`],
      ['an SVG labelled PNG', pngDataUrl(svg)],
      ['PNG magic then a script', pngDataUrl(Buffer.concat([good.subarray(0, 8), svg]))],
      ['1×1', pngDataUrl(pngBytes(1, 1))],
      ['too small', pngDataUrl(pngBytes(49, 100))],
      ['too wide', pngDataUrl(pngBytes(2001, 100))],
      ['too tall', pngDataUrl(pngBytes(300, 1001))],
      ['bytes after IEND', pngDataUrl(Buffer.concat([good, svg]))],
      ['truncated', pngDataUrl(good.subarray(0, good.length - 12))],
      ['a wrong CRC', pngDataUrl(badCrc)],
      ['no image data', pngDataUrl(Buffer.concat([good.subarray(0, 33), good.subarray(good.length - 12)]))],
      ['over the size limit', `data:image/png;base64,${'A'.repeat(400_004)}`],
    ];
    for (const [label, image] of refused) {
      const res = await post(`${url}/signature`, { signer_name: 'B Owner', image }, ctx.world.e2);
      expect(res.statusCode, label).toBe(400);
    }
    expect(
      (
        await post(
          `${url}/signature`,
          { signer_name: 'B Owner', image: pngDataUrl(pngBytes(1, 1)) },
          ctx.world.e2,
        )
      ).json().message,
    ).toMatch(/between 50×20 and 2000×1000 pixels/);
    expect((await get(url, ctx.world.e2)).json().installation.signature).toBeNull();

    // The largest accepted, with an ancillary text chunk: stored; then final.
    const withText = pngDataUrl(
      pngBytes(2000, 1000, [pngChunk('tEXt', Buffer.from('Software\0signature_pad'))]),
    );
    const signed = await post(`${url}/signature`, { signer_name: 'B Owner', image: withText }, ctx.world.e2);
    expect(signed.statusCode, signed.body).toBe(200);
    const again = await post(`${url}/signature`, { signer_name: 'Someone Else', image: PNG }, ctx.world.e2);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ELECTRICIAN_MSG.signatureFinal);
    expect((await get(url, ctx.world.e2)).json().installation.signature.signed_by).toBe('B Owner');

    // In progress and signed: reopening clears the signature and the customer signs again.
    expect((await post(`${url}/reopen`, { reason: 'Smudged' }, ctx.world.e2)).statusCode).toBe(200);
    const resigned = await post(`${url}/signature`, { signer_name: 'B Owner', image: PNG }, ctx.world.e2);
    expect(resigned.statusCode).toBe(200);
    const done = await post(`${url}/complete`, {}, ctx.world.e2);
    expect(done.statusCode, done.body).toBe(200);
    const ownerToken = await login(ctx.t.app, ctx.world.ownerB.email, ctx.world.ownerB.password);
    const records = await get('/api/installations', await authed(ctx.t.app, ownerToken));
    const record = records.json().installations.find((r: { _id: string }) => r._id === completed!._id);
    expect(record.signature_image).toBe(PNG);
  });
});

describe('the customer-status (issue 30)', () => {
  it("derives from all the customer's installations: completing one while another is planned is not Completed", async () => {
    const [assignment] = await ctx.t.db
      .select()
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, ctx.world.ownerB.id));
    const e2 = assignment!.electricianId;
    const [open, planned] = await ctx.t.db
      .insert(installations)
      .values([
        { electricianId: e2, customerId: ctx.world.ownerB.id, status: 'in_progress', phase: 'in_progress' },
        { electricianId: e2, customerId: ctx.world.ownerB.id, status: 'pending', phase: 'pre_installation' },
      ])
      .returning();
    await ctx.t.db
      .insert(installationDevices)
      .values({ installationId: open!.id, deviceId: ctx.world.deviceB, testedAt: new Date() });
    const done = await post(
      `/api/electrician/installations/${open!.id}/complete`,
      { notes: 'Second visit' },
      ctx.world.e2,
    );
    expect(done.statusCode, done.body).toBe(200);
    const status = async () =>
      (await get(`/electrician/user/${ctx.world.ownerB.id}/details`, ctx.world.e2)).json().user[
        'customer-status'
      ];
    expect(await status()).toBe('assigned');
    expect(
      (await post(`/api/electrician/installations/${planned!.id}/start`, {}, ctx.world.e2)).statusCode,
    ).toBe(200);
    expect(await status()).toBe('in_progress');
  });
});
