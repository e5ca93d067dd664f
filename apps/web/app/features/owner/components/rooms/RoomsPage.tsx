import { MSG, type Room } from '@isaac/contract';
import { DoorOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListHeader, ListToolbar, useListView } from '~/components/list';
import { Button, byTime, ConfirmDialog, lazyDialog, preloadOnIntent, type SortOption } from '~/components/ui';
import { useDeleteRoom } from '../../api/delete-room';
import { ROOMS_PAGE_SIZE } from '../../api/keys';
import { useRoomList } from '../../api/list-rooms';
import { deviceCountLabel } from '../../model/labels';
import { roomListView } from '../../model/room-list';
import { RoomCard, RoomCardSkeleton } from './RoomCard';
import { useAddDialog } from '../use-add-dialog';
import { useOwnerT } from '~/lib/i18n/owner-texts';
import owner from '~/lib/i18n/en/owner';

// The form loads when wanted, with its schema (ADR 083).
const RoomFormModal = lazyDialog(() => import('./RoomFormModal').then((m) => m.RoomFormModal));

const SORT_OPTIONS: SortOption[] = [
  ...byTime(),
  { sort: 'name', order: 'asc', label: owner.rooms.sortName },
  { sort: 'name', order: 'desc', label: owner.rooms.sortNameDesc },
];

/** What happens to a room's devices when it is deleted, in words. */
export function deleteRoomMessage(room: Room): string {
  const count = room.devices.length;
  const devices =
    count === 0
      ? 'It has no devices.'
      : `Its ${deviceCountLabel(count)} will stay in your account and become unassigned (not in any room).`;
  return `Delete “${room.name}”? ${devices} This cannot be undone.`;
}

/** /owner/rooms: the owner's rooms as cards, sorted and paged (in the URL); Add Room, View Devices, Edit, Delete. */
export function RoomsPage() {
  const view = useListView(roomListView);
  const list = useRoomList(ROOMS_PAGE_SIZE, view.state);
  const remove = useDeleteRoom();
  const add = useAddDialog();
  const [editing, setEditing] = useState<Room | null>(null);
  const [deleting, setDeleting] = useState<Room | null>(null);
  const { t } = useOwnerT();
  const deleteMessage = (room: Room) =>
    room.devices.length === 0
      ? t('rooms.deleteEmpty', { name: room.name })
      : t('rooms.deleteWithDevices', { name: room.name, count: room.devices.length });

  const addButton = (label: string) => (
    <Button
      onClick={add.open}
      {...preloadOnIntent(RoomFormModal)}
      icon={<Plus aria-hidden="true" className="h-4 w-4" />}
    >
      {label}
    </Button>
  );

  return (
    <div className="space-y-6">
      <ListHeader
        title={t('rooms.title')}
        intro={t('rooms.intro')}
        total={list.data?.total}
        nouns={{ one: t('rooms.one'), many: t('rooms.many') }}
        actions={addButton(t('rooms.add'))}
      />
      <ListToolbar list={view} sortOptions={SORT_OPTIONS} />
      <ListBody
        query={list}
        items={(data) => data.rooms}
        noun={t('rooms.noun')}
        errorTitle={MSG.loadRooms}
        empty={{
          icon: DoorOpen,
          title: t('messages:msg.noRooms'),
          text: t('rooms.emptyText'),
          action: addButton(t('messages:msg.createFirstRoom')),
        }}
        list={view}
        skeleton={
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 3 }, (_, i) => (
              <RoomCardSkeleton key={i} />
            ))}
          </div>
        }
      >
        {(rooms, dimmed) => (
          <ul
            aria-label={t('rooms.list')}
            className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${dimmed ? 'opacity-60' : ''}`}
          >
            {rooms.map((room) => (
              <li key={room._id} className="flex">
                <RoomCard
                  room={room}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                  editIntent={preloadOnIntent(RoomFormModal)}
                />
              </li>
            ))}
          </ul>
        )}
      </ListBody>

      {add.adding ? <RoomFormModal onClose={add.close} /> : null}
      {editing ? <RoomFormModal room={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('rooms.deleteTitle')}
        message={deleting ? deleteMessage(deleting) : ''}
        confirmLabel={t('rooms.deleteConfirm')}
        variant="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
        }}
      />
    </div>
  );
}
