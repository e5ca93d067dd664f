import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'isaac.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file of a PGlite data directory so two processes never open one directory:
 * exclusive create holding our pid; a lock left by a dead pid is stale and taken over.
 * Returns the release function (idempotent).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    try {
      holder = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    } catch {
      continue; // removed between our create and read: try again
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by process ${holder}. ` +
          'Stop that process or set DATA_DIR (or DATABASE_URL) to use another database.',
      );
    }
    if (holder === process.pid) {
      throw new DataDirLockedError(`The data directory ${dataDir} is already open in this process.`);
    }
    // Stale lock (dead or unreadable pid): remove it and retry the exclusive create.
    try {
      unlinkSync(path);
    } catch {
      // Someone else removed it first.
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dataDir}.`);
}
