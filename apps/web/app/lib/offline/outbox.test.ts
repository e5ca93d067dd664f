import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../api-client';
import { ApiError } from '../api-client';
import { dismissConflict, enqueue, flushOutbox, onOutboxSent, sendOrQueue, setOutboxUser } from './outbox';
import { offlineDb } from './db';

const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('../api-client', async (actual) => ({
  ...(await actual<typeof ApiClient>()),
  apiRequest,
}));

const online = () => vi.spyOn(navigator, 'onLine', 'get');
const entries = async () => (await offlineDb()).getAll('outbox');
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The offline queue (issue 34, ADR 070), on an in-memory IndexedDB with the API client's transport mocked. */
describe('the outbox', () => {
  beforeEach(async () => {
    // a flush the last test left running (sendOrQueue starts one) ends first
    online().mockReturnValue(false);
    await flushOutbox();
    apiRequest.mockReset();
    await (await offlineDb()).clear('outbox');
    await (await offlineDb()).clear('created-ids');
    online().mockReturnValue(false);
    setOutboxUser(`user-${Math.random()}`);
    await settle();
  });
  afterEach(() => vi.restoreAllMocks());

  it('offline, keeps each change durably with its own key; back online, sends them in order with those keys', async () => {
    const a = await sendOrQueue({ path: '/a', body: { n: 1 }, label: 'A' });
    const b = await sendOrQueue({ path: '/b', body: { n: 2 }, label: 'B' });
    expect(a).toMatchObject({ queued: true });
    expect(b).toMatchObject({ queued: true });
    expect(apiRequest).not.toHaveBeenCalled();
    const kept = await entries();
    expect(kept.map((e) => [e.path, e.state])).toEqual([
      ['/a', 'pending'],
      ['/b', 'pending'],
    ]);
    expect(new Set(kept.map((e) => e.key)).size).toBe(2);

    const sent = vi.fn();
    const stop = onOutboxSent(sent);
    online().mockReturnValue(true);
    apiRequest.mockResolvedValue({ ok: true });
    await flushOutbox();
    stop();
    expect(apiRequest.mock.calls.map(([path, options]) => [path, options.idempotencyKey])).toEqual(
      kept.map((e) => [e.path, e.key]),
    );
    expect(await entries()).toEqual([]);
    expect(sent).toHaveBeenCalledWith(2);
  });

  it('keeps a refused change as a conflict with the server’s words, and still sends the ones after it', async () => {
    await enqueue({ path: '/step', body: {}, label: 'Step: rooms' });
    await enqueue({ path: '/wifi', body: {}, label: 'WiFi' });
    online().mockReturnValue(true);
    apiRequest
      .mockRejectedValueOnce(
        new ApiError('HTTP error! status: 409', { status: 409, serverMessage: 'Reassigned to someone else' }),
      )
      .mockResolvedValueOnce({});
    await flushOutbox();
    const [conflict, ...rest] = await entries();
    expect(rest).toEqual([]);
    expect(conflict).toMatchObject({
      state: 'conflict',
      label: 'Step: rooms',
      problem: 'Reassigned to someone else',
    });
    expect(apiRequest).toHaveBeenCalledTimes(2);
    await dismissConflict(conflict!.seq!);
    expect(await entries()).toEqual([]);
  });

  it('stops at a change that cannot reach the server (tried again later, same key)', async () => {
    await enqueue({ path: '/one', body: {}, label: 'One' });
    await enqueue({ path: '/two', body: {}, label: 'Two' });
    online().mockReturnValue(true);
    apiRequest.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await flushOutbox();
    expect(apiRequest).toHaveBeenCalledTimes(1);
    expect((await entries()).map((e) => e.state)).toEqual(['pending', 'pending']);
    const key = (await entries())[0]!.key;
    apiRequest.mockResolvedValue({});
    await flushOutbox();
    expect(apiRequest.mock.calls[1]![1].idempotencyKey).toBe(key);
    expect(await entries()).toEqual([]);
  });

  it('online, sends at once; a send that loses the network is queued under the key it was sent with', async () => {
    online().mockReturnValue(true);
    apiRequest.mockResolvedValueOnce({ installation: { _id: 'i1' } });
    expect(await sendOrQueue({ path: '/now', body: {}, label: 'Now' })).toEqual({
      installation: { _id: 'i1' },
    });
    apiRequest.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValue(new TypeError('x'));
    expect(await sendOrQueue({ path: '/lost', body: {}, label: 'Lost' })).toMatchObject({ queued: true });
    const [queued] = await entries();
    expect(queued?.key).toBe(apiRequest.mock.calls[1]![1].idempotencyKey);
  });

  it('a room created offline: later changes naming its placeholder get the id the server gave it', async () => {
    await enqueue({ path: '/rooms', body: { name: 'Study' }, label: 'Room', placeholder: 'offline-r1' });
    await enqueue({ path: '/assign', body: { room_id: 'offline-r1' }, label: 'Place' });
    online().mockReturnValue(true);
    apiRequest
      .mockResolvedValueOnce({ message: 'Room created', room: { _id: 'room-42' } })
      .mockResolvedValueOnce({});
    await flushOutbox();
    expect(apiRequest.mock.calls[1]![1].body).toEqual({ room_id: 'room-42' });
  });
});
