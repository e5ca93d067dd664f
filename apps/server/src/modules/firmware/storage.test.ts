import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { contentKey, LocalDiskFirmwareStore, StagedTooLargeError } from './storage.ts';

const root = mkdtempSync(join(tmpdir(), 'isaac-store-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = new LocalDiskFirmwareStore(root);
const accept = { maxBytes: 1024, headBytes: 4, inspect: () => undefined };

describe('LocalDiskFirmwareStore', () => {
  it('stages in chunks, commits under the content address, opens and removes', async () => {
    const staged = await store.stage(Readable.from([Buffer.from('hello '), Buffer.from('firmware')]), accept);
    expect(staged.size).toBe(14);
    expect(staged.key).toBe(contentKey(staged.sha256));
    expect(await store.open(staged.key)).toBeUndefined();
    await staged.commit();
    const stream = await store.open(staged.key);
    expect(stream && (await text(stream))).toBe('hello firmware');
    expect(await store.stagedFiles()).toEqual([]);
    await store.remove(staged.key);
    expect(await store.open(staged.key)).toBeUndefined();
  });

  it('inspects the first bytes even when they arrive split across chunks', async () => {
    const seen: string[] = [];
    const inspect = (head: Buffer) => void seen.push(head.toString());
    const staged = await store.stage(Readable.from([Buffer.from('ab'), Buffer.from('cdef')]), {
      ...accept,
      inspect,
    });
    await staged.discard();
    expect(seen).toEqual(['abcd']);
  });

  it('a refusal by inspect or past maxBytes leaves no staging file', async () => {
    const refuse = store.stage(Readable.from([Buffer.from('nope')]), {
      ...accept,
      inspect: () => {
        throw new Error('bad content');
      },
    });
    await expect(refuse).rejects.toThrow('bad content');
    const tooLarge = store.stage(Readable.from([randomBytes(600), randomBytes(600)]), accept);
    await expect(tooLarge).rejects.toBeInstanceOf(StagedTooLargeError);
    expect(await store.stagedFiles()).toEqual([]);
  });

  it('keys that are not content addresses are never turned into paths', async () => {
    await expect(store.remove('../../etc/passwd')).resolves.toBeUndefined();
    expect(await store.open('firmware/isaac/isaac-v1.0.0.bin')).toBeUndefined();
  });

  it('sweeps staging files left by a crash, keeping recent ones', async () => {
    mkdirSync(store.stagingDir, { recursive: true });
    const old = join(store.stagingDir, 'old.part');
    writeFileSync(old, 'x');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, hourAgo, hourAgo);
    writeFileSync(join(store.stagingDir, 'new.part'), 'y');
    expect(await store.sweepStaging(new Date(), 60 * 60 * 1000)).toBe(1);
    expect(await store.stagedFiles()).toEqual(['new.part']);
  });
});
