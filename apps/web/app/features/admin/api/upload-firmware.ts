import { FIRMWARE_FIELDS, FIRMWARE_MSG, type DeviceType, type FirmwareUploadResponse } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { toast } from '~/lib/toast';
import type { UploadProgress } from '~/lib/xhr-fetch';
import { firmwareKeys } from './firmware-keys';

export interface FirmwareUploadInput {
  file: File;
  version: string;
  deviceType: DeviceType;
  releaseNotes: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/admin/firmware/upload, multipart (spec section 7 "Admin"): the text fields first, so the
 * server can refuse a duplicate version before the file's bytes are sent, then `firmware`. Sent with
 * XMLHttpRequest for its upload progress. → 201 {filename, version, file_size, sha256, …}.
 */
export function uploadFirmware(input: FirmwareUploadInput): Promise<FirmwareUploadResponse> {
  const form = new FormData();
  form.append(FIRMWARE_FIELDS.version, input.version.trim());
  form.append(FIRMWARE_FIELDS.deviceType, input.deviceType);
  if (input.releaseNotes.trim()) form.append(FIRMWARE_FIELDS.releaseNotes, input.releaseNotes.trim());
  form.append(FIRMWARE_FIELDS.file, input.file, input.file.name);
  return apiRequest<FirmwareUploadResponse>('/api/admin/firmware/upload', {
    method: 'POST',
    body: form,
    signal: input.signal,
    onUploadProgress: input.onProgress ?? (() => undefined),
  });
}

/**
 * The failure toast (spec section 8): the server's explanation, else 'Upload failed with status
 * {status}', else (no answer at all) 'Failed to upload firmware'. Our error bodies carry the human text
 * in `message` (`error` is the machine code, ADR 004), so the explanation is read from there.
 */
export function uploadFailureMessage(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? FIRMWARE_MSG.uploadFailedStatus(err.status);
  return FIRMWARE_MSG.uploadFailed;
}

export function useUploadFirmware() {
  return useMutation({
    mutationFn: uploadFirmware,
    meta: feedback<FirmwareUploadResponse, FirmwareUploadInput>({
      success: (stored) => FIRMWARE_MSG.uploaded(stored.filename, stored.version, stored.file_size),
      invalidates: [firmwareKeys.all],
    }),
    // The failure toast is particular to the upload (a status fallback, none when cancelled).
    onError: (err) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast.error(uploadFailureMessage(err));
    },
  });
}
