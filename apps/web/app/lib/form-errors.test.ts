// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverFieldErrors } from './form-errors';

const FIELDS = ['name', 'model', 'serial_number', 'type'] as const;

describe('serverFieldErrors', () => {
  it('puts a 409 on the conflicting field with the server message', () => {
    const err = new ApiError('HTTP error! status: 409', {
      status: 409,
      code: 'conflict',
      serverMessage: 'A device with serial number X1 already exists',
    });
    expect(serverFieldErrors(err, FIELDS, 'serial_number')).toEqual([
      ['serial_number', 'A device with serial number X1 already exists'],
    ]);
  });

  it('maps 400 details onto known fields, first message per field', () => {
    const err = new ApiError('HTTP error! status: 400', {
      status: 400,
      code: 'validation_error',
      serverMessage: 'Invalid request',
      details: [
        { path: 'name', message: 'Name is required' },
        { path: 'body.model', message: 'Model is required' },
        { path: 'name', message: 'Too long' },
        { path: 'colour', message: 'Unknown' },
      ],
    });
    expect(serverFieldErrors(err, FIELDS)).toEqual([
      ['name', 'Name is required'],
      ['model', 'Model is required'],
    ]);
  });

  it('puts a 409 that names its field on that field (no conflictField needed)', () => {
    const err = new ApiError('HTTP error! status: 409', {
      status: 409,
      code: 'conflict',
      serverMessage: 'A user with this email already exists',
      details: [{ path: 'model', message: 'A user with this email already exists' }],
    });
    expect(serverFieldErrors(err, FIELDS, 'serial_number')).toEqual([
      ['model', 'A user with this email already exists'],
    ]);
  });

  it('gives nothing for other failures', () => {
    expect(serverFieldErrors(new Error('offline'), FIELDS, 'serial_number')).toEqual([]);
    expect(serverFieldErrors(new ApiError('x', { status: 500 }), FIELDS, 'serial_number')).toEqual([]);
  });
});
