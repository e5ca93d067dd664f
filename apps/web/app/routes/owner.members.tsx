import { MembersPage } from '~/features/owner/components/homes/MembersPage';
import type { Route } from './+types/owner.members';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.members', 'owner') }];

export default function OwnerMembers() {
  return <MembersPage />;
}
