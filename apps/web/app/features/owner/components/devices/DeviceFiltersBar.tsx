import { DEVICE_TYPES, type OWNER_DEVICE_SORTS } from '@isaac/contract';
import { ListFilter, ListToolbar, type ListViewControls } from '~/components/list';
import { byTime, SelectField, type SortOption } from '~/components/ui';
import { useRoomOptions } from '../../api/list-rooms';
import { NO_ROOM } from '../../model/device-filters';
import { DEVICE_TYPE_LABELS } from '../../model/labels';
import { useOwnerT } from '~/lib/i18n/owner-texts';
import owner from '~/lib/i18n/en/owner';

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));
/** The sort menu's choices, in the catalogue's English (the menu shows each in the language shown). */
const SORT_OPTIONS: SortOption[] = [
  ...byTime(),
  { sort: 'name', order: 'asc', label: owner.devices.sortName },
  { sort: 'room_name', order: 'asc', label: owner.devices.sortRoom },
  { sort: 'type', order: 'asc', label: owner.devices.sortType },
  { sort: 'is_connected', order: 'desc', label: owner.devices.sortOnline },
];

/** Filter by room (including 'Not in a room') and by type, and the order; the page keeps them in the URL. */
export function DeviceFiltersBar({
  list,
}: {
  list: ListViewControls<(typeof OWNER_DEVICE_SORTS)[number], 'room_id' | 'type'>;
}) {
  const rooms = useRoomOptions();
  const roomId = list.state.filters.room_id;
  const { t } = useOwnerT();
  const roomOptions = [{ value: NO_ROOM, label: t('dashboard.notInRoom') }, ...(rooms.data ?? [])];
  if (roomId && !roomOptions.some((option) => option.value === roomId)) {
    roomOptions.push({
      value: roomId,
      label: rooms.isPending ? t('common:ui.loading') : t('devices.unknownRoom'),
    });
  }
  return (
    <div role="group" aria-label={t('devices.filter')}>
      <ListToolbar list={list} sortOptions={SORT_OPTIONS}>
        <SelectField
          label={t('devices.room')}
          className="sm:w-56"
          placeholder={t('devices.allRooms')}
          options={roomOptions}
          value={roomId ?? ''}
          onChange={(event) => list.setFilter('room_id', event.target.value || null)}
        />
        <ListFilter
          list={list}
          name="type"
          label={t('devices.type')}
          placeholder={t('devices.allTypes')}
          options={TYPE_OPTIONS}
        />
      </ListToolbar>
    </div>
  );
}
