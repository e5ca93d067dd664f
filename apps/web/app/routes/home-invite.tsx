import { HomeInvitePage } from '~/features/auth/HomeInvitePage';
import type { Route } from './+types/home-invite';

export const meta: Route.MetaFunction = () => [
  { title: 'Join a home | Isaac' },
  { name: 'robots', content: 'noindex' },
];

/** An invitation to a home (issue 32): /home-invite/:token. */
export default function HomeInvite({ params }: Route.ComponentProps) {
  return <HomeInvitePage token={params.token} />;
}
