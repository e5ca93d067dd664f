import { LoginPage } from '~/features/auth/LoginPage';
import { pageMeta } from '~/features/storefront/seo';
import { AuthProvider } from '~/lib/auth';
import type { Route } from './+types/login';
import { AUTH_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: AUTH_PATHS.login,
    title: 'Sign in',
    description: 'Sign in to Isaac to manage your devices, rooms, customers and installations.',
  });

export default function Login() {
  return (
    <AuthProvider>
      <LoginPage />
    </AuthProvider>
  );
}
