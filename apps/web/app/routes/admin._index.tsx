import { redirect } from 'react-router';

/** /admin shows the admin dashboard. */
export function clientLoader() {
  return redirect('/admin/dashboard');
}

export default function AdminIndex() {
  return null;
}
