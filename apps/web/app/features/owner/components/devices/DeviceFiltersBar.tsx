import { DEVICE_TYPES } from '@isaac/contract';
import { X } from 'lucide-react';
import { Button, SelectField } from '~/components/ui';
import { useRoomOptions } from '../../api/list-rooms';
import { type DeviceFilters, NO_ROOM, hasActiveFilter } from '../../model/device-filters';
import { DEVICE_TYPE_LABELS } from '../../model/labels';

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));

interface DeviceFiltersBarProps {
  filters: DeviceFilters;
  onChange: (patch: Partial<Pick<DeviceFilters, 'roomId' | 'type'>>) => void;
  onClear: () => void;
}

/** Filter by room (including 'Not in a room') and by type; the page keeps them in the URL. */
export function DeviceFiltersBar({ filters, onChange, onClear }: DeviceFiltersBarProps) {
  const rooms = useRoomOptions();
  const roomOptions = [{ value: NO_ROOM, label: 'Not in a room' }, ...(rooms.data ?? [])];
  if (filters.roomId && !roomOptions.some((option) => option.value === filters.roomId)) {
    roomOptions.push({ value: filters.roomId, label: rooms.isPending ? 'Loading…' : 'Unknown room' });
  }

  return (
    <div
      role="group"
      aria-label="Filter devices"
      className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
    >
      <SelectField
        label="Room"
        className="sm:w-56"
        placeholder="All rooms"
        options={roomOptions}
        value={filters.roomId ?? ''}
        onChange={(event) => onChange({ roomId: event.target.value || null })}
      />
      <SelectField
        label="Type"
        className="sm:w-44"
        placeholder="All types"
        options={TYPE_OPTIONS}
        value={filters.type ?? ''}
        onChange={(event) =>
          onChange({ type: DEVICE_TYPES.find((type) => type === event.target.value) ?? null })
        }
      />
      {hasActiveFilter(filters) ? (
        <Button
          variant="ghost"
          className="col-span-2 justify-self-start"
          onClick={onClear}
          icon={<X aria-hidden="true" className="h-4 w-4" />}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
