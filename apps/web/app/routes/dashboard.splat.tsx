import { redirect } from 'react-router';

/** /dashboard/* goes to /dashboard. */
export function clientLoader() {
  return redirect('/dashboard');
}

export default function DashboardSplat() {
  return null;
}
