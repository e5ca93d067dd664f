import { ELECTRICIAN_MSG, type Device, type DeviceConfigure } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue, type Queued } from '~/lib/offline/outbox';
import { afterChange, clearCachedNeed, offlineFeedback, updateCachedDevice } from './offline';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/electrician-texts';

export interface DeviceConfiguration {
  deviceId: string;
  /** In customer mode the device is configured in that customer's home (the customer's path). */
  customerId?: string;
  body: DeviceConfigure;
}

/**
 * POST /api/electrician/devices/{device_id}/configure {configuration_type, data}, or in customer mode
 * POST /api/electrician/customer/{customerId}/devices/{deviceId}/configure {wifi_ssid, wifi_password, bluetooth_pairing}.
 * Works offline (ADR 070): queued, the device answers `Queued`.
 */
export async function configureDevice({
  deviceId,
  customerId,
  body,
}: DeviceConfiguration): Promise<Device | Queued> {
  const device = encodeURIComponent(deviceId);
  // The queued change's name, in the language shown when it was made (ADR 073).
  const label =
    body.configuration_type === 'wifi'
      ? i18n.t('electrician:queued.wifi', { ssid: body.data.ssid })
      : i18n.t('electrician:queued.bluetooth');
  const result =
    customerId !== undefined && body.configuration_type === 'wifi'
      ? await sendOrQueue<{ device: Device }>({
          path: `/api/electrician/customer/${encodeURIComponent(customerId)}/devices/${device}/configure`,
          body: { wifi_ssid: body.data.ssid, wifi_password: body.data.password, bluetooth_pairing: true },
          label,
          subject: deviceId,
        })
      : await sendOrQueue<{ device: Device }>({
          path: `/api/electrician/devices/${device}/configure`,
          body,
          label,
          subject: deviceId,
        });
  return 'device' in result ? result.device : result;
}

export function useConfigureDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: configureDevice,
    meta: offlineFeedback(ELECTRICIAN_MSG.deviceConfigured, ELECTRICIAN_MSG.deviceConfigureFailed),
    onSuccess: (result, { deviceId, customerId, body }) =>
      afterChange(client, result, () => {
        updateCachedDevice(client, deviceId, (d) =>
          body.configuration_type === 'wifi'
            ? {
                ...d,
                wifi_configured: true,
                bluetooth_paired: customerId !== undefined || d.bluetooth_paired,
              }
            : { ...d, bluetooth_paired: true },
        );
        if (body.configuration_type === 'wifi') clearCachedNeed(client, deviceId, 'wifi');
      }),
  });
}
