import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { devices } from './schema/index.ts';
import { columnValue, statementKey, statementName, Statements } from './statements.ts';

describe('statementKey and statementName', () => {
  it('key and name a statement from its family and the shape that picks its text', () => {
    expect(statementKey('dashboard', 'owner')).toBe('dashboard:owner');
    expect(statementName('admin_dashboard')).toBe('admin_dashboard');
    expect(statementName('dashboard', 'owner')).toBe('dashboard:owner');
    expect(statementName('device_command_record', true)).toBe('device_command_record:true');
    expect(statementName('devices_list', { kind: 'owner', room: null, type: false })).toBe(
      'devices_list:kind=owner,room=null,type=false',
    );
  });

  it('keeps a long name within the 63 bytes PostgreSQL keeps, distinct from its neighbours', () => {
    const shape = { search: true, type: true, status: false, assignment: null, firmware: false };
    const a = statementName('with_session:admin_devices', { ...shape, electrician: false });
    const b = statementName('with_session:admin_devices', { ...shape, electrician: true });
    for (const name of [a, b]) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
    expect(a).toMatch(/^with_session:admin_devices:search=true,type=tr~[\w-]{16}$/);
    expect(a).not.toBe(b);
    expect(statementName('with_session:admin_devices', { ...shape, electrician: false })).toBe(a);
  });

  it('prepares a long key under its kept name, and caches it under the key', () => {
    const shape = {
      search: true,
      type: true,
      status: false,
      assignment: null,
      firmware: false,
      electrician: true,
    };
    const statements = new Statements('with_session:admin_devices', (_: typeof shape, name: string) => ({
      name,
    }));
    expect(statements.get(shape).name).toBe(statementName('with_session:admin_devices', shape));
    expect(statements.get({ ...shape })).toBe(statements.get(shape));
  });
});

describe('Statements', () => {
  it('builds each shape once, under the name its key gives', () => {
    const build = vi.fn((shape: { kind: string; type: boolean }, name: string) => ({ shape, name }));
    const statements = new Statements('devices_list', build);
    const first = statements.get({ kind: 'owner', type: true });
    expect(first.name).toBe('devices_list:kind=owner,type=true');
    // An equal shape (a new object) is the same statement; another shape is another one.
    expect(statements.get({ kind: 'owner', type: true })).toBe(first);
    expect(statements.get({ kind: 'admin', type: true }).name).toBe('devices_list:kind=admin,type=true');
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('names a key that carries more than its shape by its shape', () => {
    const statements = new Statements(
      'with_session',
      (read: { key: string; fields: () => string }, name) => `${name} = ${read.fields()}`,
      (read) => read.key,
    );
    expect(statements.get({ key: 'dashboard:owner', fields: () => 'counts' })).toBe(
      'with_session:dashboard:owner = counts',
    );
    expect(statements.get({ key: 'dashboard:owner', fields: () => 'another text' })).toBe(
      'with_session:dashboard:owner = counts',
    );
  });

  it('prepares the one statement of a family under its name', () => {
    expect(Statements.one('session_touch', (name) => `prepared as ${name}`)).toBe(
      'prepared as session_touch',
    );
  });
});

describe('columnValue', () => {
  it("is a parameter filled from the placeholder's value, encoded by the column", () => {
    const query = new PgDialect().sqlToQuery(columnValue(devices.lastUpdated, 'at'));
    expect(query.sql).toBe('$1');
    const at = new Date('2026-11-27T10:11:12.345Z');
    expect(fillPlaceholders(query.params, { at })).toEqual([devices.lastUpdated.mapToDriverValue(at)]);
    expect(fillPlaceholders(query.params, { at })).toEqual(['2026-11-27T10:11:12.345Z']);
  });
});
