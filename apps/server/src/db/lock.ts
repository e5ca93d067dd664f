import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'isaac.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** What /proc/<pid>/stat says about a process (Linux). */
interface ProcStat {
  /** `R`, `S`, `D`… running or sleeping; `Z` zombie (killed, not yet reaped); `X` dead. */
  state: string;
  /** Field 22: start time in clock ticks after boot; with the pid it names one process. */
  startTime: string;
}

const hasProcfs = existsSync('/proc/self/stat');

/**
 * Reads /proc/<pid>/stat: undefined when there is no such process. The command name (field 2) is in
 * parentheses and may itself hold spaces or parentheses, so the fields are counted after the last ")".
 */
export function readProcStat(pid: number | 'self'): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field 22 (starttime) is fields[19].
  const state = fields[0];
  const startTime = fields[19];
  return state && startTime ? { state, startTime } : undefined;
}

/** Our lock file's content: "<pid> <start time>" (only "<pid>" where there is no /proc). */
function ownStamp(): string {
  const start = hasProcfs ? readProcStat('self')?.startTime : undefined;
  return start ? `${process.pid} ${start}` : String(process.pid);
}

interface Holder {
  pid: number;
  /** Absent in lock files written without /proc (or by older versions). */
  startTime: string | undefined;
}

function parseHolder(text: string): Holder | undefined {
  const [pidText, startTime] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, startTime } : undefined;
}

/**
 * Whether the process named by a lock file still holds it. With /proc (Linux): no such pid, a zombie
 * (`kill -9`ed but not yet reaped by its parent: `kill(pid, 0)` still succeeds on it) or a different
 * start time (the pid was reused by another process) means the holder is gone. Without /proc: the pid
 * answering `kill(pid, 0)`.
 */
function holderIsAlive(holder: Holder): boolean {
  if (hasProcfs) {
    const stat = readProcStat(holder.pid);
    if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
    return holder.startTime === undefined || holder.startTime === stat.startTime;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file of a PGlite data directory so two processes never open one directory:
 * exclusive create holding our pid and process start time; a lock whose process is dead, a zombie,
 * or another process under a reused pid is stale and taken over; a live holder's never.
 * Returns the release function (idempotent).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  const stamp = ownStamp();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, stamp);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(path, 'utf8').trim() === stamp) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // removed between our create and read: try again
    }
    const holder = parseHolder(text);
    if (holder && holderIsAlive(holder)) {
      if (holder.pid === process.pid) {
        throw new DataDirLockedError(`The data directory ${dataDir} is already open in this process.`);
      }
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by process ${holder.pid}. ` +
          'Stop that process or set DATA_DIR (or DATABASE_URL) to use another database.',
      );
    }
    // Stale lock (dead, zombie or reused pid, or unreadable): remove it, unless another starter has
    // replaced it meanwhile, and retry the exclusive create.
    try {
      if (readFileSync(path, 'utf8') !== text) continue;
      unlinkSync(path);
    } catch {
      // Someone else removed it first.
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dataDir}.`);
}
