import { Outlet } from 'react-router';
import { RouteGuard } from '~/features/auth/RouteGuard';
import { AuthProvider } from '~/lib/auth';

/** Every back-office route: the current user is loaded (spinner meanwhile); nobody signed in → /login. */
export default function SignedInLayout() {
  return (
    <AuthProvider>
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    </AuthProvider>
  );
}
