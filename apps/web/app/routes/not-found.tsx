import { redirect } from 'react-router';

/** Any unknown path goes to /login. */
export function clientLoader() {
  return redirect('/login');
}

export default function NotFound() {
  return null;
}
