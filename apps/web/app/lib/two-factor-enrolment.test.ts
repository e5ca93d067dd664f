// @vitest-environment node
import { ERROR_CODE } from '@isaac/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { onTwoFactorEnrolmentRequired, reportEnrolmentRequired } from './two-factor-enrolment';

describe('two-factor enrolment reports', () => {
  it('tells the listeners about a two_factor_enrolment_required refusal only', () => {
    const listener = vi.fn();
    const stop = onTwoFactorEnrolmentRequired(listener);
    reportEnrolmentRequired(
      new ApiError('HTTP error! status: 403', { status: 403, code: ERROR_CODE.forbidden }),
    );
    reportEnrolmentRequired(new Error('network'));
    expect(listener).not.toHaveBeenCalled();
    reportEnrolmentRequired(
      new ApiError('HTTP error! status: 403', {
        status: 403,
        code: ERROR_CODE.twoFactorEnrolmentRequired,
        serverMessage: 'Set up two-factor sign-in first',
      }),
    );
    expect(listener).toHaveBeenCalledWith('Set up two-factor sign-in first');
    stop();
    reportEnrolmentRequired(
      new ApiError('x', { status: 403, code: ERROR_CODE.twoFactorEnrolmentRequired, serverMessage: 'again' }),
    );
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
