import {
  DEVICE_TYPE_NAMES,
  DEVICE_TYPES,
  FIRMWARE_MSG,
  FIRMWARE_SORTS,
  firmwareExtension,
  firmwareSizeAllowed,
} from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/** How each device type reads (the contract's one name per product). */
export { DEVICE_TYPE_NAMES };
export const DEVICE_TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({
  value: type,
  label: DEVICE_TYPE_NAMES[type],
}));

/** /admin/devices/firmware: `?search=&type=&sort=&order=&page=` (the list kit, ADR 065). */
export const firmwareListView = listView({
  sorts: FIRMWARE_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
  filters: { type: { values: DEVICE_TYPES, api: 'device_type' } },
});
export type FirmwareListState = ListState<(typeof FIRMWARE_SORTS)[number], 'type'>;

/** The browser's checks of a chosen file, before any byte is sent (spec section 5): extension, then size. */
export function firmwareFileError(file: Pick<File, 'name' | 'size'>): string | undefined {
  if (!firmwareExtension(file.name)) return FIRMWARE_MSG.invalidType;
  if (!firmwareSizeAllowed(file.size)) return FIRMWARE_MSG.tooLarge;
  return undefined;
}

/** 1536 → '1.5 KB', 3 MB → '3.0 MB' (binary units, as the 16 MB limit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The first 12 hex digits of a SHA-256, enough to tell images apart at a glance. */
export const shortSha = (sha256: string) => sha256.slice(0, 12);

/** Percent of an upload sent (0–100), or undefined while the total is unknown. */
export function uploadPercent(loaded: number, total: number): number | undefined {
  if (total <= 0) return undefined;
  return Math.min(100, Math.round((loaded / total) * 100));
}

/** '2026-11-23T10:00:00Z' → '23 Nov 2026' (en-IN). */
export function formatUploadDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}
