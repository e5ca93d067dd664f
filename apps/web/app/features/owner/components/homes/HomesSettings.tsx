import { HOME_ROLE_LABELS, homeRoleMay, type HomeSummary } from '@isaac/contract';
import { Home, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ListBody } from '~/components/list';
import { Badge, Button, ConfirmDialog } from '~/components/ui';
import { useDeleteHome } from '../../api/delete-home';
import { useHomes, useSwitchHome } from '../../api/homes';
import { HomeFormModal } from './HomeFormModal';

/** One of my homes: its name, my role, its time zone; its owners edit and delete it; another can be used. */
function HomeRow({
  home,
  onEdit,
  onDelete,
  onUse,
  switching,
}: {
  home: HomeSummary;
  onEdit: () => void;
  onDelete: () => void;
  onUse: () => void;
  switching: boolean;
}) {
  const manages = homeRoleMay(home.role, 'home.manage');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-100">
          <span className="break-words">{home.name}</span>
          {home.current ? <Badge tone="blue">Current</Badge> : null}
          <Badge tone={home.role === 'owner' ? 'green' : 'slate'}>{HOME_ROLE_LABELS[home.role]}</Badge>
        </p>
        <p className="text-xs text-slate-400">Time zone: {home.time_zone.replaceAll('_', ' ')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {home.current ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={onUse}
            disabled={switching}
            aria-label={`Use this home: ${home.name}`}
          >
            Use this home
          </Button>
        )}
        {manages ? (
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={onEdit}
              aria-label={`Edit ${home.name}`}
              icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
            >
              Edit
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={onDelete}
              aria-label={`Delete ${home.name}`}
              icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            >
              Delete
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The owner settings' Homes (issue 32): every home I belong to with my role and its time zone; Create a home
 * (it becomes current, so the switcher shows it); a home I own: Edit (name, time zone — its automations' clock)
 * and Delete after a confirmation (the server refuses while it has devices and says so).
 */
export function HomesSettings() {
  const homes = useHomes();
  const switchHome = useSwitchHome();
  const remove = useDeleteHome();
  const [editing, setEditing] = useState<HomeSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<HomeSummary | null>(null);
  const create = (
    <Button onClick={() => setEditing('new')} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
      Create a home
    </Button>
  );
  return (
    <>
      <ListBody
        query={homes}
        items={(data) => data.items}
        noun="homes"
        errorTitle="Error loading homes"
        empty={{
          icon: Home,
          title: 'No home yet',
          text: 'Create a home to add rooms, devices and people to it.',
          action: create,
        }}
      >
        {(items) => (
          <div className="space-y-4">
            <ul className="divide-y divide-slate-700/70" aria-label="Your homes">
              {items.map((home) => (
                <HomeRow
                  key={home._id}
                  home={home}
                  onEdit={() => setEditing(home)}
                  onDelete={() => setDeleting(home)}
                  onUse={() => switchHome.mutate(home._id)}
                  switching={switchHome.isPending}
                />
              ))}
            </ul>
            {create}
          </div>
        )}
      </ListBody>
      {editing !== null ? (
        <HomeFormModal home={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete home"
        message={
          deleting
            ? `Delete ${deleting.name}? Its rooms and automations are deleted and everyone you gave access loses it. A home that still has devices cannot be deleted: move or remove them first.`
            : ''
        }
        confirmLabel="Delete home"
        variant="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSettled: () => setDeleting(null) });
        }}
      />
    </>
  );
}
