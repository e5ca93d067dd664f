import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where firmware bytes live (ADR 021). One interface, so that an object store (S3, GCS, MinIO) can
 * replace the local disk without touching the upload route: an upload is streamed into a staging
 * area while it is hashed and measured, then committed under its content address, or discarded.
 *
 * Keys are content addresses: `sha256/<first two hex digits>/<64 hex digits>`. The same bytes
 * uploaded twice (another device type, another version) are stored once; the database rows that
 * name a key are what keep it alive (the firmware service removes a key no row names any more).
 */
export interface FirmwareStore {
  /**
   * Streams `source` into staging. Refuses (rejects with the error `inspect` throws, or with
   * `StagedTooLargeError`) as soon as the content fails its check or passes `maxBytes`; nothing is
   * left behind then. `inspect` sees the first `headBytes` bytes (fewer when the file is shorter).
   */
  stage(source: Readable, options: StageOptions): Promise<StagedBlob>;
  /** Removes the bytes under `key`; a key with no bytes (or not one of this store's) is a no-op. */
  remove(key: string): Promise<void>;
  /** The bytes under `key` (for device downloads; `range`: inclusive byte offsets), or undefined when none. */
  open(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
}

export interface StageOptions {
  maxBytes: number;
  headBytes: number;
  inspect: (head: Buffer) => void;
}

/** Bytes received and checked, not yet part of the store. Exactly one of commit / discard must follow. */
export interface StagedBlob {
  readonly key: string;
  readonly sha256: string;
  readonly size: number;
  /** Makes the bytes readable under `key` (idempotent when the same content is already stored). */
  commit(): Promise<void>;
  /** Drops the staged bytes (a no-op after commit). */
  discard(): Promise<void>;
}

export class StagedTooLargeError extends Error {
  override name = 'StagedTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The content is larger than ${maxBytes} bytes`);
  }
}

const KEY_PATTERN = /^sha256\/([0-9a-f]{2})\/([0-9a-f]{64})$/;

/** The content address of bytes whose SHA-256 is `sha256` (hex). */
export function contentKey(sha256: string): string {
  return `sha256/${sha256.slice(0, 2)}/${sha256}`;
}

/**
 * Hashes, counts and inspects what flows through; fails the pipeline past `maxBytes` or when the
 * head does not pass `inspect` (the write stream behind it is then destroyed: the staging file is removed).
 */
class Inspector extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private inspected = false;

  constructor(private readonly options: StageOptions) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.options.maxBytes) return done(new StagedTooLargeError(this.options.maxBytes));
    try {
      if (!this.inspected) {
        this.head.push(chunk);
        this.headLength += chunk.length;
        if (this.headLength >= this.options.headBytes) this.runInspection();
      }
    } catch (error) {
      return done(error as Error);
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    try {
      if (!this.inspected) this.runInspection();
    } catch (error) {
      return done(error as Error);
    }
    done();
  }

  private runInspection(): void {
    this.inspected = true;
    const head = Buffer.concat(this.head).subarray(0, this.options.headBytes);
    this.head = [];
    this.options.inspect(head);
  }
}

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/**
 * The firmware store on the local disk: `<root>/sha256/ab/<hex>`, staging in `<root>/.staging/`
 * (same file system, so a commit is an atomic rename). One process per data directory (the PGlite
 * lock), or one shared volume when several processes serve one PostgreSQL database.
 */
export class LocalDiskFirmwareStore implements FirmwareStore {
  readonly stagingDir: string;

  constructor(readonly root: string) {
    this.stagingDir = join(root, '.staging');
  }

  async stage(source: Readable, options: StageOptions): Promise<StagedBlob> {
    await mkdir(this.stagingDir, { recursive: true });
    const stagingPath = join(this.stagingDir, `${randomUUID()}.part`);
    const inspector = new Inspector(options);
    try {
      await pipeline(source, inspector, createWriteStream(stagingPath, { flags: 'wx' }));
    } catch (error) {
      await rm(stagingPath, { force: true });
      throw error;
    }
    const sha256 = inspector.hash.digest('hex');
    const key = contentKey(sha256);
    const target = this.pathOf(key);
    let settled = false;
    return {
      key,
      sha256,
      size: inspector.size,
      commit: async () => {
        if (settled) return;
        settled = true;
        await mkdir(dirname(target), { recursive: true });
        // Same key, same bytes: an existing copy is kept, the staged one dropped.
        if (await exists(target)) await rm(stagingPath, { force: true });
        else await rename(stagingPath, target);
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        await rm(stagingPath, { force: true });
      },
    };
  }

  async remove(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable | undefined> {
    if (!KEY_PATTERN.test(key) || !(await exists(this.pathOf(key)))) return undefined;
    return createReadStream(this.pathOf(key), range);
  }

  /** Files in staging (uploads in flight, or left by a crash); tests check nothing is left behind. */
  async stagedFiles(): Promise<string[]> {
    try {
      return await readdir(this.stagingDir);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  /** Removes staging files older than `olderThanMs` (left by a crash mid-upload); called at start. */
  async sweepStaging(now: Date, olderThanMs: number): Promise<number> {
    let removed = 0;
    for (const name of await this.stagedFiles()) {
      const path = join(this.stagingDir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now.getTime() - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private pathOf(key: string): string {
    const match = KEY_PATTERN.exec(key);
    if (!match) throw new Error(`not a firmware store key: ${key}`);
    return join(this.root, 'sha256', match[1] ?? '', match[2] ?? '');
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}
