import { InvitePage } from '~/features/auth/InvitePage';
import type { Route } from './+types/invite';

export const meta: Route.MetaFunction = () => [
  { title: 'Set your password | Isaac' },
  { name: 'robots', content: 'noindex' },
];

/** A new customer's invitation link (issue 15): /invite/:token. */
export default function Invite({ params }: Route.ComponentProps) {
  return <InvitePage token={params.token} />;
}
