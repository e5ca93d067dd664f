import { ELECTRICIAN_MSG, IDEMPOTENT_REPLAY_HEADER, type Installation } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, devices, electricianCustomers, idempotencyKeys, rooms } from '../../db/schema/index.ts';
import { useElectricianWorld } from '../../test/electrician-world.ts';
import { IDEMPOTENCY_MESSAGES } from './route.ts';

/**
 * Idempotency keys on the electrician's writes (issue 34, ADR 070): the offline queue sends each change
 * with a key, and may send it again when the answer was lost; the change is applied once.
 */
const { ctx, post } = useElectricianWorld();
const withKey = (key: string, headers = ctx.world.e1) => ({ ...headers, 'idempotency-key': key });
const send = (url: string, payload: object, key: string, headers = ctx.world.e1) =>
  ctx.t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...withKey(key, headers), 'accept-encoding': 'gzip' },
  });

describe('Idempotency-Key on the electrician routes (ADR 070)', () => {
  it('applies a repeated room creation once and answers the repeat with the first answer', async () => {
    const url = `/api/electrician/customer/${ctx.world.ownerA.id}/rooms`;
    const key = `room-${process.pid}-create`;
    const first = await send(url, { name: 'Study', type: 'general' }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    const again = await send(url, { name: 'Study', type: 'general' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    const made = await ctx.t.db
      .select()
      .from(rooms)
      .where(and(eq(rooms.userId, ctx.world.ownerA.id), eq(rooms.name, 'Study')));
    expect(made).toHaveLength(1);
    // without the key, the same body is a new request (here refused: the name is taken)
    expect((await post(url, { name: 'Study', type: 'general' })).statusCode).toBe(409);
  });

  it('replays a conflict as the same conflict, and records one step change in the activity log', async () => {
    const started = await post('/api/electrician/installations/guided', { customer_id: ctx.world.ownerA.id });
    expect(started.statusCode, started.body).toBe(200);
    const installation = started.json().installation as Installation;
    const url = `/api/electrician/installations/${installation._id}/step`;
    const key = `step-${process.pid}-rooms`;
    expect((await send(url, { step: 'rooms' }, key)).statusCode).toBe(200);
    // the step moves on, then the lost answer's retry arrives: replayed, not applied again
    expect((await post(url, { step: 'configure' })).statusCode).toBe(200);
    const retry = await send(url, { step: 'rooms' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().installation.guided_step).toBe('rooms');
    const now = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/electrician/installations/${installation._id}`,
      headers: ctx.world.e1,
    });
    expect(now.json().installation.guided_step).toBe('configure');
    const steps = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, installation._id), eq(auditLog.action, 'installation.updated')));
    expect(steps.filter((s) => JSON.stringify(s.changes).includes('"after":"rooms"'))).toHaveLength(1);

    const signature = `/api/electrician/installations/${installation._id}/complete`;
    const refused = await send(signature, {}, `complete-${process.pid}`);
    expect(refused.statusCode).toBe(409);
    const replayed = await send(signature, {}, `complete-${process.pid}`);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(replayed.json()).toEqual(refused.json());
  });

  it('configures WiFi once per key, refuses a key reused for another request, a bad key, another caller’s key', async () => {
    const url = `/api/electrician/devices/${ctx.world.deviceA}/configure`;
    const body = { configuration_type: 'wifi', data: { ssid: 'A-Home', password: 'pw-123456' } };
    const key = `wifi-${process.pid}-a`;
    expect((await send(url, body, key)).statusCode).toBe(200);
    expect((await send(url, body, key)).headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    const [device] = await ctx.t.db.select().from(devices).where(eq(devices.id, ctx.world.deviceA));
    expect(device?.wifiConfigured).toBe(true);
    const configured = await ctx.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ctx.world.deviceA), eq(auditLog.action, 'device.configured')));
    expect(configured).toHaveLength(1);

    // a repeat while the first request still runs: try again in a moment (429), not a refusal
    await ctx.t.app.services.idempotency.claim(ctx.world.e1Id, `running-${process.pid}`, `POST ${url}`);
    const running = await send(url, body, `running-${process.pid}`);
    expect(running.statusCode).toBe(429);
    expect(running.headers['retry-after']).toBe('1');

    const reused = await send(`/api/electrician/devices/${ctx.world.stock}/configure`, body, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(IDEMPOTENCY_MESSAGES.otherRequest);
    expect((await send(url, body, 'short')).statusCode).toBe(400);
    // keys are per caller: E2's same key is E2's own (and E2 may not reach owner A's device: 404)
    expect((await send(url, body, key, ctx.world.e2)).statusCode).toBe(404);
    const rows = await ctx.t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows.map((r) => r.status).sort()).toEqual([200, 404]);
  });

  it('refuses a change sent after the admin gave the customer to another electrician (a conflict, not applied)', async () => {
    const started = await post('/api/electrician/installations/guided', { customer_id: ctx.world.ownerA.id });
    const installation = started.json().installation as Installation;
    const [e2] = await ctx.t.db
      .select({ id: electricianCustomers.electricianId })
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, ctx.world.ownerB.id));
    const reassign = (electricianId: string) =>
      ctx.t.db
        .update(electricianCustomers)
        .set({ electricianId })
        .where(eq(electricianCustomers.customerId, ctx.world.ownerA.id));
    await reassign(e2!.id);
    try {
      const url = `/api/electrician/installations/${installation._id}`;
      const step = await send(`${url}/step`, { step: 'training' }, `late-step-${process.pid}`);
      expect(step.statusCode).toBe(409);
      expect(step.json().message).toBe(ELECTRICIAN_MSG.jobReassigned);
      const phase = await send(`${url}/phase`, { phase: 'post_installation' }, `late-phase-${process.pid}`);
      expect(phase.statusCode).toBe(409);
      const [row] = await ctx.t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entityId, installation._id), eq(auditLog.action, 'installation.phase_changed')),
        );
      expect(row).toBeUndefined();
    } finally {
      await reassign(ctx.world.e1Id);
    }
  });
});
