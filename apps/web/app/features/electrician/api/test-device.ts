import { ELECTRICIAN_MSG, type Installation } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ELECTRICIAN_INVALIDATES } from './keys';
import { updateCachedInstallation } from './offline';

/**
 * POST /api/electrician/installations/{id}/devices/{deviceId}/test (issue 34): a test command the device
 * must acknowledge before the installation can complete. Never queued: only the device's answer, now,
 * counts — offline it fails at once, saying it needs the network; the server's 409 (device offline) or
 * 504 (no answer) is shown as it says.
 */
export async function testInstallationDevice(input: {
  installationId: string;
  deviceId: string;
}): Promise<Installation> {
  const { installation } = await apiRequest<{ installation: Installation }>(
    `/api/electrician/installations/${encodeURIComponent(input.installationId)}/devices/${encodeURIComponent(input.deviceId)}/test`,
    { method: 'POST', body: {} },
  );
  return installation;
}

export function useTestInstallationDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testInstallationDevice,
    onSuccess: (installation) => updateCachedInstallation(client, installation._id, () => installation),
    meta: feedback({ success: ELECTRICIAN_MSG.deviceTested, invalidates: ELECTRICIAN_INVALIDATES }),
  });
}
