import { AUTH_PATHS, filterDaysPhrase, type Device, type DeviceList } from '@isaac/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '~/lib/api-client';
import { AuthProvider, useAuth } from '~/lib/auth';
import { focusRing } from '../components/ui';

/**
 * The purifier a replacement filter is for (issue 33: "Order replacement filter" on its card or in the
 * filter alert links here with `?for=<device id>`). Signed in, it names the purifier and its filter life,
 * and the checkout fills the owner's name, e-mail, phone and delivery address in; signed out, it offers
 * the sign-in that does so.
 */
export function ForPurifier({ deviceId }: { deviceId: string }) {
  return (
    <AuthProvider>
      <Banner deviceId={deviceId} />
    </AuthProvider>
  );
}

function Banner({ deviceId }: { deviceId: string }) {
  const { user, loading } = useAuth();
  const [device, setDevice] = useState<Device | null | undefined>(undefined);
  useEffect(() => {
    if (!user) return;
    let live = true;
    apiRequest<DeviceList>('/api/devices?type=isaac&page_size=100')
      .then((list) => live && setDevice(list.devices.find((d) => d._id === deviceId) ?? null))
      .catch(() => live && setDevice(null));
    return () => {
      live = false;
    };
  }, [user, deviceId]);

  if (loading) return null;
  return (
    <div
      role="status"
      className="mb-8 rounded-2xl border border-sky-200 bg-sky-50 px-5 py-4 text-sm text-slate-800"
    >
      {!user ? (
        <p>
          <Link to={AUTH_PATHS.login} className={`font-semibold text-sky-800 underline ${focusRing}`}>
            Sign in
          </Link>{' '}
          and choose “Order replacement filter” on your purifier to have your delivery details filled in.
        </p>
      ) : device ? (
        <p>
          <span className="font-semibold">For {device.name}</span> ({device.model})
          {device.filter_life !== null ? `: filter at ${device.filter_life}%` : ''}
          {filterDaysPhrase(device.filter_days_left) ? `, ${filterDaysPhrase(device.filter_days_left)}` : ''}.
          These filters fit it; your name, contact and address are filled in at checkout.
        </p>
      ) : device === null ? (
        <p>These filters fit every ISAAC purifier; your details are filled in at checkout.</p>
      ) : null}
    </div>
  );
}
