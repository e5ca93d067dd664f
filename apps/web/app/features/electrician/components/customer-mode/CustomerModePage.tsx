import { type Device, type ElectricianCustomer } from '@isaac/contract';
import { DoorOpen, Mail, MapPin, Phone, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConnectionBadge } from '~/components/devices/ConnectionBadge';
import { Badge, Button, EmptyState, ErrorState, PanelLoading, cx } from '~/components/ui';
import { useCustomerHome } from '../../api/get-customer-home';
import { useElectricianCustomers } from '../../api/list-customers';
import { CUSTOMER_STATUS, formatDay } from '../../model/installation';
import { ConfigureDeviceDialog } from '../devices/ConfigureDeviceDialog';
import { AssignRoomDialog, CreateRoomDialog } from './HomeDialogs';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

/**
 * /electrician/customer-mode: pick an assigned customer (kept in the URL, `?customer=`), see their contact,
 * rooms and devices; Create New Room, Configure a device's WiFi, Assign a device to a room.
 */
export function CustomerModePage() {
  const customers = useElectricianCustomers();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('customer');
  const list = customers.data?.users ?? [];
  const selected = list.find((c) => c._id === selectedId) ?? null;
  const { t } = useElectricianT();

  if (customers.isPending) return <PanelLoading label={t('customerMode.loadingCustomers')} />;
  if (customers.isError) {
    return (
      <ErrorState
        title={t('msg.loadCustomers')}
        message={customers.error.message}
        onRetry={() => void customers.refetch()}
        retrying={customers.isFetching}
      />
    );
  }
  if (list.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title={t('customerMode.noCustomersYet')}
        description={t('customerMode.anAdminAssignsCustomersTo')}
      />
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <nav aria-label={t('customerMode.customers')}>
        <h2 className="mb-2 text-sm font-semibold text-slate-300">{t('customerMode.customers')}</h2>
        <ul className="space-y-1">
          {list.map((c) => (
            <li key={c._id}>
              <button
                type="button"
                aria-current={c._id === selectedId ? 'true' : undefined}
                onClick={() => setParams({ customer: c._id })}
                className={cx(
                  'w-full rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-sky-400',
                  c._id === selectedId ? 'bg-sky-500/15 text-white' : 'text-slate-300 hover:bg-slate-800',
                )}
              >
                <span className="block font-medium">{c.name}</span>
                <span className="block text-xs text-slate-400">
                  {CUSTOMER_STATUS[c['customer-status']].label}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {selected ? (
        <CustomerHome customer={selected} />
      ) : (
        <EmptyState
          icon={Users}
          title={t('msg.noCustomerSelected')}
          description={t('customerMode.chooseACustomerToWork')}
        />
      )}
    </div>
  );
}

function CustomerHome({ customer }: { customer: ElectricianCustomer }) {
  const { devices, rooms } = useCustomerHome(customer._id);
  const [creatingRoom, setCreatingRoom] = useState(false);
  const [configuring, setConfiguring] = useState<Device | null>(null);
  const [placing, setPlacing] = useState<Device | null>(null);
  const status = CUSTOMER_STATUS[customer['customer-status']];
  const { t } = useElectricianT();
  return (
    <section aria-labelledby="customer-heading" className="space-y-6">
      <div className="space-y-2 rounded-xl border border-slate-700 bg-slate-800/60 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="customer-heading" className="text-lg font-semibold text-white">
            {customer.name}
          </h2>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <ul className="space-y-1 text-sm text-slate-300">
          <li className="flex items-center gap-2">
            <Mail aria-hidden="true" className="h-4 w-4 text-slate-500" />
            <a className="break-all text-sky-300 hover:underline" href={`mailto:${customer.email}`}>
              {customer.email}
            </a>
          </li>
          {customer.mobile ? (
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="h-4 w-4 text-slate-500" />
              <a className="text-sky-300 hover:underline" href={`tel:${customer.mobile.replaceAll(' ', '')}`}>
                {customer.mobile}
              </a>
            </li>
          ) : null}
          {customer.location ? (
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="h-4 w-4 text-slate-500" />
              {[customer.location.address, customer.location.city, customer.location.pincode]
                .filter(Boolean)
                .join(', ')}
            </li>
          ) : null}
          <li className="text-slate-400">
            {t('customerMode.installation', { date: formatDay(customer.installation_date) })}
          </li>
        </ul>
      </div>

      <div className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-semibold text-white">{t('customerMode.rooms')}</h3>
          <Button
            size="sm"
            onClick={() => setCreatingRoom(true)}
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          >
            {t('homeDialogs.createNewRoom')}
          </Button>
        </div>
        {rooms.isPending ? (
          <PanelLoading label={t('customerMode.loadingRooms')} />
        ) : rooms.isError ? (
          <ErrorState
            title={t('msg.loadRooms')}
            onRetry={() => void rooms.refetch()}
            retrying={rooms.isFetching}
          />
        ) : rooms.data.rooms.length === 0 ? (
          <EmptyState icon={DoorOpen} title={t('messages:msg.noRooms')} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {rooms.data.rooms.map((room) => (
              <li key={room._id} className="rounded-lg border border-slate-700 bg-slate-800/40 p-3">
                <p className="font-medium text-slate-100">{room.name}</p>
                <p className="text-xs text-slate-400">
                  {t('common:devices.count', { count: room.devices.length })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="space-y-3">
        <h3 className="font-semibold text-white">{t('customerMode.devices')}</h3>
        {devices.isPending ? (
          <PanelLoading label={t('customerMode.loadingDevices')} />
        ) : devices.isError ? (
          <ErrorState
            title={t('msg.loadDevices')}
            onRetry={() => void devices.refetch()}
            retrying={devices.isFetching}
          />
        ) : devices.data.devices.length === 0 ? (
          <EmptyState title={t('msg.noDevices')} />
        ) : (
          <ul className="divide-y divide-slate-700/70 rounded-xl border border-slate-700 bg-slate-800/60">
            {devices.data.devices.map((device) => (
              <li key={device._id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-100">{device.name}</p>
                  <p className="text-xs text-slate-400">
                    {device.room_name ?? t('customerMode.noRoom')} ·{' '}
                    {device.wifi_configured
                      ? t('customerMode.wifiConfigured')
                      : t('customerMode.wifiNotConfigured')}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <ConnectionBadge online={device.is_connected} />
                  <Button size="sm" variant="outline" onClick={() => setConfiguring(device)}>
                    {t('devices.configure')}
                    <span className="sr-only"> {device.name}</span>
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setPlacing(device)}>
                    {t('customerMode.assignToRoom')}
                    <span className="sr-only"> {device.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {creatingRoom ? (
        <CreateRoomDialog customerId={customer._id} onClose={() => setCreatingRoom(false)} />
      ) : null}
      {configuring ? (
        <ConfigureDeviceDialog
          device={configuring}
          customerId={customer._id}
          onClose={() => setConfiguring(null)}
        />
      ) : null}
      {placing ? (
        <AssignRoomDialog
          customerId={customer._id}
          device={placing}
          rooms={rooms.data?.rooms ?? []}
          onClose={() => setPlacing(null)}
        />
      ) : null}
    </section>
  );
}
