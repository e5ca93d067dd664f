import { ELECTRICIAN_MSG, type ElectricianRoom } from '@isaac/contract';
import { DoorOpen } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, PanelLoading } from '~/components/ui';
import { ELECTRICIAN_PATHS } from '~/lib/paths';
import { useElectricianRooms } from '../../api/list-rooms';

/** Rooms grouped by customer, in the order the API gives (customer name, room name). */
export function groupByCustomer(
  rooms: ElectricianRoom[],
): { customer: ElectricianRoom['customer']; rooms: ElectricianRoom[] }[] {
  const groups = new Map<string, { customer: ElectricianRoom['customer']; rooms: ElectricianRoom[] }>();
  for (const room of rooms) {
    const group = groups.get(room.customer._id) ?? { customer: room.customer, rooms: [] };
    group.rooms.push(room);
    groups.set(room.customer._id, group);
  }
  return [...groups.values()];
}

/** /electrician/rooms: the rooms of every assigned customer, grouped by customer. */
export function ElectricianRoomsPage() {
  const list = useElectricianRooms();
  if (list.isPending) return <PanelLoading label="Loading rooms…" />;
  if (list.isError) {
    return (
      <ErrorState
        title={ELECTRICIAN_MSG.loadRooms}
        message={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const groups = groupByCustomer(list.data.rooms);
  if (groups.length === 0) {
    return (
      <EmptyState
        icon={DoorOpen}
        title="No rooms yet"
        description="Create rooms for a customer in Customer mode."
      />
    );
  }
  return (
    <div className="space-y-6">
      {groups.map(({ customer, rooms }) => (
        <section key={customer._id} aria-labelledby={`rooms-${customer._id}`} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`rooms-${customer._id}`} className="font-semibold text-white">
              {customer.name}
            </h2>
            <Link
              className="text-sm text-sky-300 hover:underline"
              to={`${ELECTRICIAN_PATHS.customerMode}?customer=${encodeURIComponent(customer._id)}`}
            >
              Open in Customer mode
            </Link>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {rooms.map((room) => (
              <li key={room._id} className="rounded-xl border border-slate-700 bg-slate-800/60 p-4">
                <p className="font-medium text-slate-100">{room.name}</p>
                <p className="text-xs text-slate-400">
                  {room.devices.length === 0 ? 'No devices' : room.devices.map((d) => d.name).join(', ')}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
