// @vitest-environment node
import { ROLE, type AuditEntry } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@isaac/contract';
import { actorLabel, describeActivity, describeChanges, formatChangeValue, timeAgo } from './activity';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: 'a1',
  at: '2026-11-23T12:00:00.000Z',
  actor: { id: 'u1', name: 'Priya Sharma', role: ROLE.owner },
  action: 'device.command',
  entity: { type: 'device', id: 'd1', name: 'Purifier 2' },
  changes: { power_on: { before: true, after: false } },
  channel: 'web',
  ip: null,
  user_agent: null,
  request_id: null,
  ...over,
});

describe('describeActivity', () => {
  it('reads a power command as a sentence', () => {
    expect(describeActivity(entry())).toBe('Priya Sharma turned off Purifier 2');
    expect(describeActivity(entry({ changes: { power_on: { before: false, after: true } } }))).toBe(
      'Priya Sharma turned on Purifier 2',
    );
  });

  it('names the entity, or its type when it has no name', () => {
    expect(
      describeActivity(entry({ action: 'user.created', entity: { type: 'user', id: 'x', name: 'Ravi' } })),
    ).toBe('Priya Sharma added user Ravi');
    expect(
      describeActivity(entry({ action: 'room.deleted', entity: { type: 'room', id: 'r', name: null } })),
    ).toBe('Priya Sharma deleted room room');
  });

  it('says which second factor a sign-in used (issue 29)', () => {
    const signIn = (after: string | null) =>
      entry({
        action: 'auth.sign_in',
        entity: { type: 'session', id: 's1', name: 'Priya Sharma' },
        changes: after === null ? {} : { second_factor: { before: null, after } },
      });
    expect(describeActivity(signIn(null))).toBe('Priya Sharma signed in');
    expect(describeActivity(signIn('otp'))).toBe('Priya Sharma signed in with an authenticator code');
    expect(describeActivity(signIn('recovery_code'))).toBe('Priya Sharma signed in with a recovery code');
  });

  it('says who acted when there is no name', () => {
    expect(actorLabel(entry({ actor: null, channel: 'system' }))).toBe('The system');
    expect(actorLabel(entry({ actor: null, channel: 'api' }))).toBe('Someone');
    expect(actorLabel(entry({ actor: { id: 'a', name: null, role: ROLE.admin } }))).toBe('An admin');
    expect(
      describeActivity(
        entry({
          actor: null,
          action: 'auth.sign_in_failed',
          entity: { type: 'user', id: null, name: 'a@b.c' },
        }),
      ),
    ).toBe('Someone failed to sign in as a@b.c');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  it('is relative and short', () => {
    expect(timeAgo('2026-11-23T11:59:30.000Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:58:00.000Z', now)).toBe('2 min. ago');
    expect(timeAgo('2026-11-23T09:00:00.000Z', now)).toBe('3 hr. ago');
    expect(timeAgo('2026-11-22T12:00:00.000Z', now)).toBe('yesterday');
  });
});

describe('formatChangeValue', () => {
  it('shows empty values as a dash and objects as JSON', () => {
    expect(formatChangeValue(null)).toBe('—');
    expect(formatChangeValue('x')).toBe('x');
    expect(formatChangeValue(true)).toBe('true');
    expect(formatChangeValue({ a: 1 })).toBe('{"a":1}');
  });
});

describe('what changed (issue 30)', () => {
  it('says what changed in one line, human field names, at most three fields', () => {
    expect(
      describeChanges(
        entry({
          action: 'installation.updated',
          changes: {
            guided_step: { before: 'devices', after: 'training' },
            signed_by: { before: null, after: 'Sneha Reddy' },
            customer_training_completed: { before: false, after: true },
            phase: { before: 'in_progress', after: 'post_installation' },
          },
        }),
      ),
    ).toBe('guided step: devices → training · signed by: Sneha Reddy · training done: no → yes · and 1 more');
    expect(describeChanges(entry({ changes: {} }))).toBe('');
  });

  it('has a human label for every action of the contract (none is a raw code)', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[action], action).toMatch(/^[A-Z][^_]*$/);
    }
    expect(new Set(Object.values(AUDIT_ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
  });
});
