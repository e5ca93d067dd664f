import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onTwoFactorEnrolmentRequired } from '~/lib/two-factor-enrolment';
import { toast } from '~/lib/toast';
import { TWO_FACTOR_SECTION_ID } from './components/AccountSettings';

/**
 * An area whose API may answer 403 `two_factor_enrolment_required` (the admin area, ADR 028) sends the
 * user to its settings page's two-factor section, once per refusal, with the server's message.
 */
export function useTwoFactorEnrolmentRedirect(settingsPath: string): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(
    () =>
      onTwoFactorEnrolmentRequired((message) => {
        if (pathname === settingsPath) return;
        toast.error(message, { id: 'two-factor-enrolment-required' });
        void navigate(`${settingsPath}#${TWO_FACTOR_SECTION_ID}`, { replace: true });
      }),
    [navigate, pathname, settingsPath],
  );
}
