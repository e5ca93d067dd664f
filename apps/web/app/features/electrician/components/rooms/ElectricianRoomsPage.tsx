import { type ElectricianRoom } from '@isaac/contract';
import { DoorOpen } from 'lucide-react';
import { Link } from 'react-router';
import { ListBody, ListToolbar, useListView } from '~/components/list';
import { cx, type SortOption } from '~/components/ui';
import { ELECTRICIAN_PATHS } from '~/lib/paths';
import { useElectricianRooms } from '../../api/list-rooms';
import { roomListView } from '../../model/lists';
import { useElectricianT } from '~/lib/i18n/electrician-texts';
import electrician from '~/lib/i18n/en/electrician';

const SORT_OPTIONS: SortOption[] = [
  { sort: 'customer', order: 'asc', label: electrician.rooms.customerAZ },
  { sort: 'customer', order: 'desc', label: electrician.rooms.customerZA },
  { sort: 'name', order: 'asc', label: electrician.rooms.roomNameAZ },
  { sort: 'created_at', order: 'desc', label: electrician.rooms.newestFirst },
];

/** Rooms grouped by customer, in the order the API gives (customer name, room name, by default). */
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

/**
 * /electrician/rooms: the rooms of every assigned customer, grouped by customer (by customer by default, or
 * another order), a page at a time — sort and page in the URL.
 */
export function ElectricianRoomsPage() {
  const view = useListView(roomListView);
  const list = useElectricianRooms(view.state);
  const { t } = useElectricianT();
  return (
    <div className="space-y-6">
      <ListToolbar list={view} sortOptions={SORT_OPTIONS} />
      <ListBody
        query={list}
        items={(data) => data.rooms}
        noun={t('rooms.rooms')}
        errorTitle={t('msg.loadRooms')}
        empty={{
          icon: DoorOpen,
          title: t('rooms.noRoomsYet'),
          text: t('rooms.createRoomsForACustomer'),
        }}
        list={view}
      >
        {(rooms, dimmed) => (
          <div className={cx('space-y-6', dimmed && 'opacity-60')}>
            {groupByCustomer(rooms).map(({ customer, rooms: ofCustomer }) => (
              <section key={customer._id} aria-labelledby={`rooms-${customer._id}`} className="space-y-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`rooms-${customer._id}`} className="font-semibold text-white">
                    {customer.name}
                  </h2>
                  <Link
                    className="text-sm text-sky-300 hover:underline"
                    to={`${ELECTRICIAN_PATHS.customerMode}?customer=${encodeURIComponent(customer._id)}`}
                  >
                    {t('rooms.openInCustomerMode')}
                  </Link>
                </div>
                <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                  {ofCustomer.map((room) => (
                    <li key={room._id} className="rounded-xl border border-slate-700 bg-slate-800/60 p-4">
                      <p className="font-medium text-slate-100">{room.name}</p>
                      <p className="text-xs text-slate-400">
                        {room.devices.length === 0
                          ? t('common:devices.none')
                          : room.devices.map((d) => d.name).join(', ')}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </ListBody>
    </div>
  );
}
