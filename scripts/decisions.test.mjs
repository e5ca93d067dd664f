// The decision records (docs/decisions/NNN-*.md) read as decisions (issue 31): each opens with its header —
//   # NNN — Title
//
//   Status: Accepted | Proposed (why) | Superseded by NNN | Superseded in part by NNN[, NNN…]
//   Date: YYYY-MM-DD
//   Supersedes: — | the ADRs it replaces, whole or in part
// — a record and the ones it names agree (X superseded by Y ⇔ Y's Supersedes names X), and none grows past
// MAX_WORDS (measurements belong in docs/benchmarks.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = resolve(import.meta.dirname, '../docs/decisions');
export const MAX_WORDS = 700;
const NUMBER = /\b(\d{3})\b/g;

/** The header of a record's text, or what is wrong with it. */
export function readHeader(file, text) {
  const number = /^(\d{3})-/.exec(file)?.[1];
  const [title, blank, status, date, supersedes] = text.split('\n');
  const faults = [];
  if (!number) faults.push('the file name does not start with its number');
  if (!title?.startsWith(`# ${number} — `)) faults.push(`line 1 is not "# ${number} — <title>"`);
  if (blank !== '') faults.push('line 2 is not blank');
  const statusMatch =
    /^Status: (Accepted|Proposed( \(.+\))?|Superseded by (\d{3})|Superseded in part by (\d{3}(, \d{3})*))$/.exec(
      status ?? '',
    );
  if (!statusMatch)
    faults.push(
      'line 3 is not "Status: Accepted | Proposed (…) | Superseded by NNN | Superseded in part by NNN"',
    );
  const dateMatch = /^Date: (\d{4}-\d{2}-\d{2})$/.exec(date ?? '');
  if (!dateMatch || Number.isNaN(Date.parse(dateMatch[1]))) faults.push('line 4 is not "Date: YYYY-MM-DD"');
  const supersedesMatch = /^Supersedes: (\S.*)$/.exec(supersedes ?? '');
  if (!supersedesMatch) faults.push('line 5 is not "Supersedes: — | NNN …"');
  const replacedBy = [...(statusMatch?.[3] ?? statusMatch?.[4] ?? '').matchAll(NUMBER)].map((m) => m[1]);
  const replaces = supersedesMatch?.[1].startsWith('—')
    ? []
    : [...(supersedesMatch?.[1] ?? '').matchAll(NUMBER)].map((m) => m[1]);
  return { number, faults, replacedBy, replaces };
}

/** Pairs that disagree: "X superseded by Y" without Y naming X, or Y naming X without X saying so. */
export function crossFaults(headers) {
  const byNumber = new Map(headers.map((h) => [h.number, h]));
  const faults = [];
  for (const h of headers) {
    for (const later of h.replacedBy) {
      if (!byNumber.get(later)?.replaces.includes(h.number))
        faults.push(
          `${h.number} says superseded by ${later}, whose Supersedes line does not name ${h.number}`,
        );
    }
    for (const earlier of h.replaces) {
      if (!byNumber.get(earlier)?.replacedBy.includes(h.number))
        faults.push(`${h.number} supersedes ${earlier}, whose Status does not name ${h.number}`);
    }
  }
  return faults;
}

const words = (text) => text.split(/\s+/).filter(Boolean).length;

const files = readdirSync(DIR).filter((name) => /^\d{3}-.*\.md$/.test(name));
const records = files.map((file) => {
  const text = readFileSync(join(DIR, file), 'utf8');
  return { file, text, header: readHeader(file, text) };
});

describe('decision records', () => {
  it('reads every record', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('each opens with Status, Date and Supersedes under its title', () => {
    const faults = records.flatMap(({ file, header }) => header.faults.map((fault) => `${file}: ${fault}`));
    expect(faults).toEqual([]);
  });

  it('supersession is recorded on both sides', () => {
    expect(crossFaults(records.map((r) => r.header))).toEqual([]);
  });

  it(`each stays a decision: at most ${MAX_WORDS} words`, () => {
    const long = records
      .filter((r) => words(r.text) > MAX_WORDS)
      .map((r) => `${r.file}: ${words(r.text)} words`);
    expect(long).toEqual([]);
  });

  it('finds a missing or malformed header, and a one-sided supersession (the check itself)', () => {
    expect(readHeader('007-x.md', '# 007 — X\n\n## Context\n').faults).toHaveLength(3);
    const a = readHeader(
      '001-a.md',
      '# 001 — A\n\nStatus: Superseded in part by 002\nDate: 2026-11-21\nSupersedes: —\n',
    );
    const b = readHeader('002-b.md', '# 002 — B\n\nStatus: Accepted\nDate: 2026-11-22\nSupersedes: —\n');
    expect(a.faults).toEqual([]);
    const proposed = '# 003 — C\n\nStatus: Proposed (issue 9)\nDate: 2026-11-22\nSupersedes: —\n';
    expect(readHeader('003-c.md', proposed)).toMatchObject({ faults: [], replacedBy: [] });
    expect(crossFaults([a, b])).toEqual([
      '001 says superseded by 002, whose Supersedes line does not name 001',
    ]);
    const b2 = readHeader(
      '002-b.md',
      '# 002 — B\n\nStatus: Accepted\nDate: 2026-11-22\nSupersedes: 001 in part\n',
    );
    expect(crossFaults([a, b2])).toEqual([]);
  });
});
