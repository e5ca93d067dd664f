import { redirect } from 'react-router';

/** /owner shows the owner dashboard. */
export function clientLoader() {
  return redirect('/owner/dashboard');
}

export default function OwnerIndex() {
  return null;
}
