import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME, readProcStat } from './lock.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'isaac-lock-'));
  dirs.push(dir);
  return dir;
}
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lockFile = (dir: string) => join(dir, LOCK_FILE_NAME);
const startTimeOf = (pid: number) => readProcStat(pid)?.startTime;

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('data directory lock', () => {
  it('writes our pid and start time, refuses a second open, and is removed on release', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already open in this process/);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('refuses a directory held by another live process (with or without its start time)', () => {
    const dir = tempDir();
    // The parent of this test process is alive for the duration of the test.
    writeFileSync(lockFile(dir), `${process.ppid} ${startTimeOf(process.ppid)}`);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process/);
    writeFileSync(lockFile(dir), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process/);
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    writeFileSync(lockFile(dir), dead);
    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`);
    release();
  });

  it('takes over a lock naming a live pid with another start time (the pid was reused)', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), `${process.ppid} 1`);
    acquireDataDirLock(dir)();
    // Our own pid from a previous life (a container's pid 1 after a restart) is not "this process".
    writeFileSync(lockFile(dir), `${process.pid} 1`);
    acquireDataDirLock(dir)();
  });

  it('takes over at once from a holder killed with SIGKILL that is still a zombie', async () => {
    const dir = tempDir();
    const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));
    const holderScript =
      `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};` +
      `acquireDataDirLock(${JSON.stringify(dir)});` +
      `process.stdout.write(process.pid + '\\n');` +
      'setInterval(() => {}, 60_000);';
    // sh starts the holder in the background, then becomes `sleep` (same pid): the holder's parent
    // never waits for it, so once killed it stays a zombie until sleep ends.
    const parent = spawn(
      'sh',
      ['-c', '"$0" --input-type=module -e "$1" & exec sleep 60', process.execPath, holderScript],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    cleanups.push(() => parent.kill('SIGKILL'));
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await until(() => output.includes('\n'));
    const holder = Number(output.trim());
    // Before its parent goes (while the pid cannot have been reused): if the test failed early.
    cleanups.unshift(() => {
      try {
        process.kill(holder, 'SIGKILL');
      } catch {
        // already gone
      }
    });
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(`${holder} ${startTimeOf(holder)}`);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process/);

    process.kill(holder, 'SIGKILL');
    await until(() => readProcStat(holder)?.state === 'Z');
    // kill(pid, 0) still succeeds on a zombie: a pid-only check would call it alive.
    expect(() => process.kill(holder, 0)).not.toThrow();

    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`);
    release();
  });
});
