import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onTwoFactorEnrolmentRequired } from '~/lib/two-factor-enrolment';
import { toast } from '~/lib/toast';

/**
 * The settings page's two-factor section's id: `#settings-two-factor` links to it. Here rather than beside
 * the section, so the admin area's layout does not load the settings page's forms to know it.
 */
export const TWO_FACTOR_SECTION_ID = 'settings-two-factor';

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
