/**
 * The demo sign-ins the seed creates (DEMO=true), in ONE place: the seed's users, the sign-ins the server
 * prints at start, /login's "Demo accounts" and the README all list these (a seed test keeps them equal).
 * Not secrets: the demo password only exists in a demo database.
 */
export const DEMO_PASSWORD = 'isaac-demo';

export interface DemoAccount {
  role: 'admin' | 'electrician' | 'owner';
  name: string;
  email: string;
  /** What this account shows (its city and what is particular to it). */
  note: string;
  /** The first account of its role: the one /login and the docs offer first. */
  primary: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'admin', name: 'Aditi Rao', email: 'admin@isaac.demo', note: 'The back office', primary: true },
  {
    role: 'electrician',
    name: 'Ravi Kumar',
    email: 'electrician@isaac.demo',
    note: 'Bengaluru',
    primary: true,
  },
  {
    role: 'electrician',
    name: 'Suresh Patil',
    email: 'suresh.patil@isaac.demo',
    note: 'Mumbai',
    primary: false,
  },
  {
    role: 'owner',
    name: 'Priya Sharma',
    email: 'owner@isaac.demo',
    note: 'Bengaluru, six rooms',
    primary: true,
  },
  { role: 'owner', name: 'Arjun Mehta', email: 'arjun.mehta@isaac.demo', note: 'Mumbai', primary: false },
  { role: 'owner', name: 'Kavya Iyer', email: 'kavya.iyer@isaac.demo', note: 'Chennai', primary: false },
  { role: 'owner', name: 'Rohan Gupta', email: 'rohan.gupta@isaac.demo', note: 'New Delhi', primary: false },
  { role: 'owner', name: 'Sneha Reddy', email: 'sneha.reddy@isaac.demo', note: 'Hyderabad', primary: false },
  { role: 'owner', name: 'Vikram Joshi', email: 'vikram.joshi@isaac.demo', note: 'Pune', primary: false },
];
