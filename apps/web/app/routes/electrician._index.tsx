import { redirect } from 'react-router';

/** /electrician shows the electrician dashboard. */
export function clientLoader() {
  return redirect('/electrician/dashboard');
}

export default function ElectricianIndex() {
  return null;
}
