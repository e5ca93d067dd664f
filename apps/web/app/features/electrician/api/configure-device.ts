import { ELECTRICIAN_MSG, type Device, type DeviceConfigure } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ELECTRICIAN_INVALIDATES } from './keys';

export interface DeviceConfiguration {
  deviceId: string;
  /** In customer mode the device is configured in that customer's home (the customer's path). */
  customerId?: string;
  body: DeviceConfigure;
}

/**
 * POST /api/electrician/devices/{device_id}/configure {configuration_type, data}, or in customer mode
 * POST /api/electrician/customer/{customerId}/devices/{deviceId}/configure {wifi_ssid, wifi_password, bluetooth_pairing}.
 */
export async function configureDevice({ deviceId, customerId, body }: DeviceConfiguration): Promise<Device> {
  const device = encodeURIComponent(deviceId);
  const result =
    customerId !== undefined && body.configuration_type === 'wifi'
      ? await apiRequest<{ device: Device }>(
          `/api/electrician/customer/${encodeURIComponent(customerId)}/devices/${device}/configure`,
          {
            method: 'POST',
            body: { wifi_ssid: body.data.ssid, wifi_password: body.data.password, bluetooth_pairing: true },
          },
        )
      : await apiRequest<{ device: Device }>(`/api/electrician/devices/${device}/configure`, {
          method: 'POST',
          body,
        });
  return result.device;
}

export function useConfigureDevice() {
  return useMutation({
    mutationFn: configureDevice,
    meta: feedback({
      success: ELECTRICIAN_MSG.deviceConfigured,
      error: ELECTRICIAN_MSG.deviceConfigureFailed,
      invalidates: ELECTRICIAN_INVALIDATES,
    }),
  });
}
