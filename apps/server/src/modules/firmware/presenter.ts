import type { Firmware } from '@isaac/contract';
import type { FirmwareRow } from '../../db/schema/index.ts';

/** A firmware row (with its uploader's name, when the uploader still exists) as the admin API presents it. */
export function presentFirmware(row: FirmwareRow, uploaderName: string | null): Firmware {
  return {
    _id: row.id,
    device_type: row.deviceType,
    version: row.version,
    filename: row.filename,
    file_size: row.fileSize,
    sha256: row.sha256,
    release_notes: row.releaseNotes,
    uploaded_by:
      row.uploadedBy !== null && uploaderName !== null ? { _id: row.uploadedBy, name: uploaderName } : null,
    created_at: row.createdAt.toISOString(),
  };
}
