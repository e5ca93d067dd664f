// @vitest-environment node
import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { type MutationFeedback, feedback } from './mutation-feedback';
import { createQueryClient } from './query-client';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
});

function run<T, V>(mutationFn: (variables: V) => Promise<T>, meta: MutationFeedback, variables: V) {
  const client = createQueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  const observer = new MutationObserver(client, { mutationFn, meta, retry: false });
  return { result: observer.mutate(variables), invalidated };
}

describe('mutation feedback (MutationCache + meta)', () => {
  it('toasts the success message and refetches the listed keys once settled', async () => {
    const { result, invalidated } = run(
      async () => 'ok',
      feedback({ success: 'Saved', invalidates: [['a'], ['b', 1]] }),
      1,
    );
    await expect(result).resolves.toBe('ok');
    expect(toast.success).toHaveBeenCalledWith('Saved');
    expect(invalidated).toEqual([['a'], ['b', 1]]);
  });

  it('computes the success toast from the result and variables; a plain toast with an icon', async () => {
    const meta = feedback<number, string>({
      success: (result, name) => (result > 0 ? { message: `${name}: ${result}`, icon: '⬆️' } : undefined),
    });
    await run(async () => 2, meta, 'Update').result;
    expect(toast.info).toHaveBeenCalledWith('Update: 2', { icon: '⬆️' });
    await run(async () => 0, meta, 'Update').result;
    expect(toast.info).toHaveBeenCalledTimes(1);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('gives a success toast with an id that id, so a repeat replaces the one shown', async () => {
    const meta = feedback({ success: { message: 'Saved on this phone', icon: '📴', id: 'offline-saved' } });
    await run(async () => 1, meta, 1).result;
    await run(async () => 2, meta, 2).result;
    expect(toast.info).toHaveBeenNthCalledWith(1, 'Saved on this phone', { icon: '📴', id: 'offline-saved' });
    expect(toast.info).toHaveBeenNthCalledWith(2, 'Saved on this phone', { icon: '📴', id: 'offline-saved' });
  });

  it("toasts the server's message on failure, else the fallback, and still refetches", async () => {
    const meta = feedback({ success: 'Saved', error: 'Failed to save', invalidates: [['a']] });
    const refused = run(
      async () =>
        Promise.reject(
          new ApiError('HTTP error! status: 409', { status: 409, serverMessage: 'Name already taken' }),
        ),
      meta,
      1,
    );
    await expect(refused.result).rejects.toThrow();
    expect(toast.error).toHaveBeenLastCalledWith('Name already taken');
    expect(refused.invalidated).toEqual([['a']]);

    await expect(run(async () => Promise.reject(new Error('offline')), meta, 1).result).rejects.toThrow();
    expect(toast.error).toHaveBeenLastCalledWith('Failed to save');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('stays silent without meta', async () => {
    await run(async () => 'ok', {}, 1).result;
    await expect(run(async () => Promise.reject(new Error('x')), {}, 1).result).rejects.toThrow();
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
