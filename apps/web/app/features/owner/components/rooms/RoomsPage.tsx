import { MSG, type Room } from '@isaac/contract';
import { DoorOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ConfirmDialog, EmptyState, ErrorState, Pagination } from '~/components/ui';
import { useDeleteRoom } from '../../api/delete-room';
import { ROOMS_PAGE_SIZE } from '../../api/keys';
import { useRoomList } from '../../api/list-rooms';
import { pageCount } from '../../model/device-filters';
import { deviceCountLabel } from '../../model/labels';
import { RoomCard, RoomCardSkeleton } from './RoomCard';
import { RoomFormModal } from './RoomFormModal';

const ADD_PARAM = 'add';

function pageFrom(params: URLSearchParams): number {
  const text = params.get('page');
  const page = text && /^\d+$/.test(text) ? Number(text) : 1;
  return Math.max(1, page);
}

/** What happens to a room's devices when it is deleted, in words. */
export function deleteRoomMessage(room: Room): string {
  const count = room.devices.length;
  const devices =
    count === 0
      ? 'It has no devices.'
      : `Its ${deviceCountLabel(count)} will stay in your account and become unassigned (not in any room).`;
  return `Delete “${room.name}”? ${devices} This cannot be undone.`;
}

/** /owner/rooms: the owner's rooms as cards; Add Room, View Devices, Edit and Delete. */
export function RoomsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const list = useRoomList(page, ROOMS_PAGE_SIZE);
  const remove = useDeleteRoom();
  const [adding, setAdding] = useState(() => searchParams.has(ADD_PARAM));
  const [editing, setEditing] = useState<Room | null>(null);
  const [deleting, setDeleting] = useState<Room | null>(null);

  const goToPage = (next: number) => setSearchParams(next > 1 ? { page: String(next) } : {});
  const closeAdd = () => {
    setAdding(false);
    if (searchParams.has(ADD_PARAM))
      setSearchParams(page > 1 ? { page: String(page) } : {}, { replace: true });
  };
  const total = list.data?.total ?? 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-white">Your rooms</h2>
          <p className="text-sm text-slate-400" aria-live="polite">
            {list.data ? `${total} ${total === 1 ? 'room' : 'rooms'}` : 'Group your devices by room.'}
          </p>
        </div>
        <Button onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
          Add Room
        </Button>
      </div>

      {list.isPending ? (
        <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <span role="status" className="sr-only">
            Loading rooms…
          </span>
          {Array.from({ length: 3 }, (_, i) => (
            <RoomCardSkeleton key={i} />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState
          title={MSG.loadRooms}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.rooms.length === 0 ? (
        page > 1 ? (
          <EmptyState
            icon={DoorOpen}
            title={MSG.noRooms}
            description="This page is empty."
            action={
              <Button variant="outline" onClick={() => goToPage(1)}>
                Go to the first page
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={DoorOpen}
            title={MSG.noRooms}
            description="Create rooms such as Living Room or Kitchen, then put your devices in them."
            action={
              <Button onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
                {MSG.createFirstRoom}
              </Button>
            }
          />
        )
      ) : (
        <>
          <ul
            aria-label="Rooms"
            className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {list.data.rooms.map((room) => (
              <li key={room._id} className="flex">
                <RoomCard room={room} onEdit={setEditing} onDelete={setDeleting} />
              </li>
            ))}
          </ul>
          <Pagination
            label="Room pages"
            page={page}
            pageCount={pageCount(list.data.total, list.data.page_size)}
            onPageChange={goToPage}
          />
        </>
      )}

      {adding ? <RoomFormModal onClose={closeAdd} /> : null}
      {editing ? <RoomFormModal room={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete room"
        message={deleting ? deleteRoomMessage(deleting) : ''}
        confirmLabel="Delete Room"
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
