import { DEVICE_TYPES, FIRMWARE_MSG, type DeviceType, type Firmware } from '@isaac/contract';
import { HardDriveUpload, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ConfirmDialog, cx, EmptyState, ErrorState, Pagination, SelectField } from '~/components/ui';
import { useDeleteFirmware } from '../../api/delete-firmware';
import { useFirmwareList } from '../../api/list-firmware';
import {
  DEVICE_TYPE_NAMES,
  DEVICE_TYPE_OPTIONS,
  formatBytes,
  formatUploadDate,
  shortSha,
} from '../../model/firmware';
import { FirmwareUploadDialog } from './FirmwareUploadDialog';
import { RollOutButton } from '../rollouts/StartRollout';

function filtersFrom(params: URLSearchParams): { page: number; deviceType: DeviceType | undefined } {
  const text = params.get('page');
  const page = text && /^\d+$/.test(text) ? Math.max(1, Number(text)) : 1;
  const deviceType = DEVICE_TYPES.find((t) => t === params.get('type'));
  return { page, deviceType };
}

const describeFirmware = (f: Firmware) => `${DEVICE_TYPE_NAMES[f.device_type]} ${f.version} (${f.filename})`;

function DeleteButton({ firmware, onDelete }: { firmware: Firmware; onDelete: (f: Firmware) => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => onDelete(firmware)}
      aria-label={`Delete ${describeFirmware(firmware)}`}
      icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
    >
      Delete
    </Button>
  );
}

function Sha({ sha256 }: { sha256: string }) {
  return (
    <code title={sha256} className="font-mono text-xs text-slate-300">
      {shortSha(sha256)}
    </code>
  );
}

const COLUMNS: { label: string; className?: string; hidden?: boolean }[] = [
  { label: 'Type' },
  { label: 'Version' },
  { label: 'File' },
  { label: 'Size', className: 'text-right' },
  { label: 'SHA-256' },
  { label: 'Uploaded' },
  { label: 'Actions', hidden: true },
];

/** md and up: a table. */
function FirmwareTable({ items, onDelete }: { items: Firmware[]; onDelete: (f: Firmware) => void }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-700 md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Uploaded firmware, newest first</caption>
        <thead className="bg-slate-800/80 text-xs tracking-wide text-slate-400 uppercase">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className={cx('px-4 py-3', column.className)}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-700/70">
          {items.map((f) => (
            <tr key={f._id} className="text-slate-200">
              <td className="px-4 py-3">{DEVICE_TYPE_NAMES[f.device_type]}</td>
              <th scope="row" className="px-4 py-3 font-semibold text-white">
                {f.version}
              </th>
              <td className="max-w-[16rem] truncate px-4 py-3" title={f.release_notes ?? f.filename}>
                {f.filename}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatBytes(f.file_size)}</td>
              <td className="px-4 py-3">
                <Sha sha256={f.sha256} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={f.created_at}>{formatUploadDate(f.created_at)}</time>
              </td>
              <td className="px-4 py-2 text-right">
                <RollOutButton firmware={f} />
                <DeleteButton firmware={f} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below md (390 px phones): one card per image, every action visible. */
function FirmwareCards({ items, onDelete }: { items: Firmware[]; onDelete: (f: Firmware) => void }) {
  return (
    <ul aria-label="Uploaded firmware" className="space-y-3 md:hidden">
      {items.map((f) => (
        <li key={f._id} className="rounded-xl border border-slate-700 bg-slate-800/60 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-white">
                {DEVICE_TYPE_NAMES[f.device_type]} {f.version}
              </p>
              <p className="truncate text-sm text-slate-300">{f.filename}</p>
            </div>
            <RollOutButton firmware={f} />
            <DeleteButton firmware={f} onDelete={onDelete} />
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
            <div>
              <dt className="text-slate-400">Size</dt>
              <dd className="text-slate-200 tabular-nums">{formatBytes(f.file_size)}</dd>
            </div>
            <div>
              <dt className="text-slate-400">SHA-256</dt>
              <dd>
                <Sha sha256={f.sha256} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-400">Uploaded</dt>
              <dd className="text-slate-200">
                <time dateTime={f.created_at}>{formatUploadDate(f.created_at)}</time>
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** /admin/devices/firmware: the stored firmware images (type filter in the URL), upload and delete. */
export function FirmwarePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, deviceType } = filtersFrom(searchParams);
  const list = useFirmwareList(page, deviceType);
  const remove = useDeleteFirmware();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<Firmware | null>(null);

  const setFilters = (next: { page?: number; type?: DeviceType | undefined }) => {
    const params: Record<string, string> = {};
    const type = 'type' in next ? next.type : deviceType;
    if (type) params.type = type;
    if (next.page && next.page > 1) params.page = String(next.page);
    setSearchParams(params);
  };
  const total = list.data?.total ?? 0;
  const uploadButton = (label: string) => (
    <Button onClick={() => setUploading(true)} icon={<Upload aria-hidden="true" className="h-4 w-4" />}>
      {label}
    </Button>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-white">Firmware</h2>
          <p className="text-sm text-slate-400" aria-live="polite">
            {list.data
              ? `${total} ${total === 1 ? 'image' : 'images'}`
              : 'Images that owners’ update checks offer, newest version per type.'}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Device type"
            className="w-40"
            placeholder="All types"
            options={DEVICE_TYPE_OPTIONS}
            value={deviceType ?? ''}
            onChange={(e) => setFilters({ type: DEVICE_TYPES.find((t) => t === e.target.value), page: 1 })}
          />
          {uploadButton('Upload Firmware')}
        </div>
      </div>

      {list.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span role="status" className="sr-only">
            Loading firmware…
          </span>
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="h-14 animate-pulse rounded-xl bg-slate-800" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState
          title={FIRMWARE_MSG.loadFailed}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.firmware.length === 0 ? (
        <EmptyState
          icon={HardDriveUpload}
          title={FIRMWARE_MSG.none}
          description={
            page > 1
              ? 'This page is empty.'
              : deviceType
                ? `No firmware for ${DEVICE_TYPE_NAMES[deviceType]} yet.`
                : 'Upload a .bin, .hex or .elf image; owners see it when they check for updates.'
          }
          action={
            page > 1 ? (
              <Button variant="outline" onClick={() => setFilters({ page: 1 })}>
                Go to the first page
              </Button>
            ) : (
              uploadButton('Upload Firmware')
            )
          }
        />
      ) : (
        <div className={list.isPlaceholderData ? 'space-y-4 opacity-60' : 'space-y-4'}>
          <FirmwareTable items={list.data.firmware} onDelete={setDeleting} />
          <FirmwareCards items={list.data.firmware} onDelete={setDeleting} />
          <Pagination
            label="Firmware pages"
            page={page}
            pageCount={Math.max(1, Math.ceil(list.data.total / list.data.page_size))}
            onPageChange={(next) => setFilters({ page: next })}
          />
        </div>
      )}

      {uploading ? (
        <FirmwareUploadDialog presetDeviceType={deviceType} onClose={() => setUploading(false)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete firmware"
        message={
          deleting
            ? `Delete ${describeFirmware(deleting)}? Owners will no longer be offered it. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete Firmware"
        variant="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
        }}
      />
    </div>
  );
}
