import { type Device } from '@isaac/contract';
import { Bluetooth, Wifi } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, Modal, TextField } from '~/components/ui';
import { isQueued } from '~/lib/offline/outbox';
import { useConfigureDevice } from '../../api/configure-device';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

/**
 * Configure (spec section 2, Devices; section 5): Pair Bluetooth, and Configure WiFi as an accessible
 * dialog with two fields instead of the spec's browser prompts — sent only when both are given. In customer
 * mode (`customerId`) WiFi is configured through that customer's path.
 */
export function ConfigureDeviceDialog({
  device,
  customerId,
  onClose,
}: {
  device: Pick<Device, '_id' | 'name' | 'wifi_configured' | 'bluetooth_paired'>;
  customerId?: string;
  onClose: () => void;
}) {
  const configure = useConfigureDevice();
  const { t } = useElectricianT();
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Pairing keeps the dialog open (WiFi comes next); what it shows follows the device as it now is.
  const [paired, setPaired] = useState(device.bluetooth_paired);

  const submitWifi = (event: FormEvent) => {
    event.preventDefault();
    if (!ssid.trim() || !password) {
      setError(t('msg.wifiRequired'));
      return;
    }
    setError(undefined);
    configure.mutate(
      {
        deviceId: device._id,
        customerId,
        body: { configuration_type: 'wifi', data: { ssid: ssid.trim(), password } },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={configure.isPending}
      title={t('configure.title', { name: device.name })}
      description={t('configure.pairOverBluetoothThenGive')}
    >
      <div className="space-y-6">
        {customerId === undefined ? (
          <section aria-labelledby="pair-heading" className="space-y-2">
            <h3 id="pair-heading" className="text-sm font-semibold text-slate-100">
              {t('configure.bluetooth')}
            </h3>
            <p className="text-sm text-slate-400">
              {paired ? t('configure.paired') : t('configure.notPaired')}
            </p>
            <Button
              variant="outline"
              loading={configure.isPending && configure.variables?.body.configuration_type === 'bluetooth'}
              onClick={() =>
                configure.mutate(
                  { deviceId: device._id, body: { configuration_type: 'bluetooth' } },
                  { onSuccess: (updated) => setPaired(isQueued(updated) || updated.bluetooth_paired) },
                )
              }
              icon={<Bluetooth aria-hidden="true" className="h-4 w-4" />}
            >
              {t('configure.pair')}
            </Button>
          </section>
        ) : null}
        <form aria-labelledby="wifi-heading" className="space-y-3" onSubmit={submitWifi} noValidate>
          <h3 id="wifi-heading" className="text-sm font-semibold text-slate-100">
            {device.wifi_configured ? t('configure.wifiConfigured') : t('configure.wifi')}
          </h3>
          <TextField
            label={t('configure.wifiSsid')}
            autoComplete="off"
            value={ssid}
            onChange={(e) => setSsid(e.target.value)}
            error={error && !ssid.trim() ? error : undefined}
          />
          <TextField
            label={t('configure.wifiPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error && ssid.trim() && !password ? error : undefined}
          />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose} disabled={configure.isPending}>
              {t('common:ui.cancel')}
            </Button>
            <Button
              type="submit"
              loading={configure.isPending && configure.variables?.body.configuration_type === 'wifi'}
              icon={<Wifi aria-hidden="true" className="h-4 w-4" />}
            >
              {t('configure.configureWifi')}
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
