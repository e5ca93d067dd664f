import { ConsentPage } from '~/features/auth/ConsentPage';
import { AuthProvider } from '~/lib/auth';
import type { Route } from './+types/oauth.consent';

export const meta: Route.MetaFunction = () => [{ title: 'Link a voice assistant | Isaac' }];

/** Voice-assistant linking: the owner's consent (issue 12), after /login in OAuth mode. */
export default function OAuthConsent() {
  return (
    <AuthProvider>
      <ConsentPage />
    </AuthProvider>
  );
}
