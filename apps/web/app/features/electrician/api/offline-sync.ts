import { MAX_PAGE_SIZE } from '@isaac/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '~/lib/auth';
import { useOnline } from '~/lib/offline/online';
import { flushOutbox, onOutboxSent, setOutboxUser } from '~/lib/offline/outbox';
import { customerListView, installationListView } from '../model/lists';
import { getCustomerDevices, getCustomerRooms } from './get-customer-home';
import { installationQuery } from './guided-install';
import { electricianKeys } from './keys';
import { listElectricianCustomers } from './list-customers';
import { listInstallations } from './list-installations';

/** How often queued changes are tried again while some wait (the online event may not come). */
const RETRY_MS = 20_000;

/**
 * The electrician area's sync (issue 34, ADR 070), mounted with the area:
 * - the signed-in electrician's queue is the one shown and sent; it is sent on load, when the network
 *   returns and every 20 s while changes wait, and the area is refetched after each send;
 * - when online, what the field needs offline is read into the (IndexedDB-kept) cache: the assigned
 *   customers, the installations, and for each open one the installation and its customer's home.
 */
export function useElectricianOfflineSync(): void {
  const client = useQueryClient();
  const { user } = useAuth();
  const online = useOnline();
  const userId = user?._id ?? null;

  useEffect(() => {
    setOutboxUser(userId);
    const stop = onOutboxSent(() => void client.invalidateQueries({ queryKey: electricianKeys.all }));
    const timer = window.setInterval(() => void flushOutbox(), RETRY_MS);
    return () => {
      stop();
      window.clearInterval(timer);
    };
  }, [client, userId]);

  useEffect(() => {
    if (!online || userId === null) return;
    let cancelled = false;
    void (async () => {
      const customersState = customerListView.none;
      const installationsState = installationListView.none;
      await client.prefetchQuery({
        queryKey: [...electricianKeys.customers(), { ...customersState, pageSize: MAX_PAGE_SIZE }],
        queryFn: ({ signal }) => listElectricianCustomers(customersState, MAX_PAGE_SIZE, signal),
      });
      const list = await client.fetchQuery({
        queryKey: [...electricianKeys.installations(), { ...installationsState, pageSize: MAX_PAGE_SIZE }],
        queryFn: ({ signal }) => listInstallations(installationsState, MAX_PAGE_SIZE, signal),
        staleTime: 5_000,
      });
      const open = list.installations.filter((i) => i.status !== 'completed').slice(0, 20);
      for (const installation of open) {
        if (cancelled) return;
        const customerId = installation.customer._id;
        await Promise.all([
          client.prefetchQuery(installationQuery(installation._id)),
          client.prefetchQuery({
            queryKey: electricianKeys.customerDevices(customerId),
            queryFn: ({ signal }) => getCustomerDevices(customerId, signal),
          }),
          client.prefetchQuery({
            queryKey: electricianKeys.customerRooms(customerId),
            queryFn: ({ signal }) => getCustomerRooms(customerId, signal),
          }),
        ]);
      }
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [client, online, userId]);
}
