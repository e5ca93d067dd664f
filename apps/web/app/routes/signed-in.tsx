import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { RouteGuard } from '~/features/auth/RouteGuard';
import { AuthProvider, useAuth } from '~/lib/auth';
import { useLanguageSync } from '~/lib/i18n/use-language-sync';
import { registerServiceWorker } from '~/lib/service-worker';

/**
 * Every back-office route: the current user is loaded (spinner meanwhile); nobody signed in → /login.
 * The service worker is registered here (the storefront's visitors do not download the app for offline).
 */
export default function SignedInLayout() {
  // The installable back office (ADR 070): its shell and scripts open with no network after this visit.
  useEffect(registerServiceWorker, []);
  return (
    <AuthProvider>
      <AccountLanguage />
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    </AuthProvider>
  );
}

/** The signed-in user's language (ADR 073): their choice in settings, else this browser's. */
function AccountLanguage() {
  const { user } = useAuth();
  useLanguageSync(user?.language);
  return null;
}
