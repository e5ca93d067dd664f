import { Badge } from '~/components/ui';

/** 'Active' or 'Inactive' (any status other than active reads as inactive, spec section 4). */
export function statusLabel(status: string): string {
  return status === 'active' ? 'Active' : 'Inactive';
}

/** Spec section 4: active shows green, otherwise red; the word says it too. */
export function UserStatusBadge({ status }: { status: string }) {
  const active = status === 'active';
  return (
    <Badge tone={active ? 'green' : 'red'}>
      <span
        aria-hidden="true"
        className={`h-1.5 w-1.5 rounded-full ${active ? 'bg-emerald-400' : 'bg-red-400'}`}
      />
      {statusLabel(status)}
    </Badge>
  );
}
