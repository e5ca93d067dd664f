import { redirect } from 'react-router';
import { AUTH_PATHS } from '~/lib/paths';

/** Any unknown path goes to /login. */
export function clientLoader() {
  return redirect(AUTH_PATHS.login);
}

export default function NotFound() {
  return null;
}
