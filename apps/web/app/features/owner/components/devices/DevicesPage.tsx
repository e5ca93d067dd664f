import { MSG, type Device } from '@isaac/contract';
import { Cpu, Plus, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, EmptyState, ErrorState, Pagination } from '~/components/ui';
import { DEVICES_PAGE_SIZE } from '../../api/keys';
import { useDeviceList } from '../../api/list-devices';
import {
  type DeviceFilters,
  NO_FILTERS,
  deviceFiltersToParams,
  hasActiveFilter,
  pageCount,
  parseDeviceFilters,
  withFilter,
} from '../../model/device-filters';
import { AddDeviceModal } from './AddDeviceModal';
import { DeviceCard, DeviceCardSkeleton } from './DeviceCard';
import { DeviceFiltersBar } from './DeviceFiltersBar';
import { DeviceSettingsModal } from './DeviceSettingsModal';

/** Opening /owner/devices?add=1 (e.g. from the dashboard's empty state) opens Add Device. */
const ADD_PARAM = 'add';

/** /owner/devices: the owner's devices as a card grid, filtered by room and type (kept in the URL). */
export function DevicesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseDeviceFilters(searchParams);
  const list = useDeviceList(filters, DEVICES_PAGE_SIZE);
  const [adding, setAdding] = useState(() => searchParams.has(ADD_PARAM));
  const [settingsFor, setSettingsFor] = useState<string | null>(null);
  // The modal shows the freshest copy of the device (lists refetch every 30 s).
  const settingsDevice: Device | undefined = settingsFor
    ? list.data?.devices.find((device) => device._id === settingsFor)
    : undefined;

  const applyFilters = (next: DeviceFilters) => setSearchParams(deviceFiltersToParams(next));
  const closeAdd = () => {
    setAdding(false);
    if (searchParams.has(ADD_PARAM)) setSearchParams(deviceFiltersToParams(filters), { replace: true });
  };

  const filtered = hasActiveFilter(filters);
  const total = list.data?.total ?? 0;
  const pages = list.data ? pageCount(list.data.total, list.data.page_size) : 1;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-white">Your devices</h2>
          <p className="text-sm text-slate-400" aria-live="polite">
            {list.data
              ? `${total} ${total === 1 ? 'device' : 'devices'}${filtered ? ' match these filters' : ''}`
              : 'Switch devices on and off, put them in rooms and keep them up to date.'}
          </p>
        </div>
        <Button onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
          Add Device
        </Button>
      </div>

      <DeviceFiltersBar
        filters={filters}
        onChange={(patch) => applyFilters(withFilter(filters, patch))}
        onClear={() => applyFilters(NO_FILTERS)}
      />

      {list.isPending ? (
        <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <span role="status" className="sr-only">
            Loading devices…
          </span>
          {Array.from({ length: 6 }, (_, i) => (
            <DeviceCardSkeleton key={i} />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState
          title={MSG.loadDevices}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.devices.length === 0 ? (
        filtered || filters.page > 1 ? (
          <EmptyState
            icon={SearchX}
            title={MSG.noDevices}
            description={filtered ? 'No devices match these filters.' : 'This page is empty.'}
            action={
              <Button variant="outline" onClick={() => applyFilters(NO_FILTERS)}>
                {filtered ? 'Clear filters' : 'Go to the first page'}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Cpu}
            title={MSG.noDevices}
            description="Add your purifiers, sensors and switches to control them from here."
            action={
              <Button onClick={() => setAdding(true)} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
                {MSG.addFirstDevice}
              </Button>
            }
          />
        )
      ) : (
        <>
          <ul
            aria-label="Devices"
            className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {list.data.devices.map((device) => (
              <li key={device._id} className="flex">
                <DeviceCard device={device} onOpenSettings={(d) => setSettingsFor(d._id)} />
              </li>
            ))}
          </ul>
          <Pagination
            label="Device pages"
            page={filters.page}
            pageCount={pages}
            onPageChange={(page) => applyFilters({ ...filters, page })}
          />
        </>
      )}

      {adding ? <AddDeviceModal onClose={closeAdd} /> : null}
      {settingsDevice ? (
        <DeviceSettingsModal device={settingsDevice} onClose={() => setSettingsFor(null)} />
      ) : null}
    </div>
  );
}
