import type { Firmware } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Trash2 } from 'lucide-react';
import { Button, DataTable, type TableSort } from '~/components/ui';
import { DEVICE_TYPE_NAMES, formatBytes, formatUploadDate, shortSha } from '../../model/firmware';
import { RollOutButton } from '../rollouts/StartRollout';

export const describeFirmware = (f: Firmware) =>
  `${DEVICE_TYPE_NAMES[f.device_type]} ${f.version} (${f.filename})`;

const features = tableFeatures({});
const column = createColumnHelper<typeof features, Firmware>();
const columns = column.columns([
  column.accessor('device_type', { header: 'Type', cell: (info) => DEVICE_TYPE_NAMES[info.getValue()] }),
  column.accessor('version', {
    header: 'Version',
    cell: (info) => <span className="font-semibold text-white">{info.getValue()}</span>,
  }),
  column.accessor('filename', {
    header: 'File',
    cell: (info) => (
      <span
        className="block max-w-[16rem] truncate"
        title={info.row.original.release_notes ?? info.getValue()}
      >
        {info.getValue()}
      </span>
    ),
  }),
  column.accessor('file_size', {
    header: 'Size',
    cell: (info) => <span className="tabular-nums">{formatBytes(info.getValue())}</span>,
  }),
  column.accessor('sha256', {
    header: 'SHA-256',
    cell: (info) => (
      <code title={info.getValue()} className="font-mono text-xs text-slate-300">
        {shortSha(info.getValue())}
      </code>
    ),
  }),
  column.accessor('created_at', {
    header: 'Uploaded',
    cell: (info) => (
      <time dateTime={info.getValue()} className="whitespace-nowrap">
        {formatUploadDate(info.getValue())}
      </time>
    ),
  }),
]);

/**
 * One page of stored firmware images (the kit's table: sortable headers, a card per image on a phone), each
 * with Roll out and Delete.
 */
export function FirmwareTable({
  items,
  dimmed,
  sort,
  onDelete,
}: {
  items: Firmware[];
  dimmed: boolean;
  sort?: TableSort;
  onDelete: (firmware: Firmware) => void;
}) {
  const table = useTable({ features, columns, data: items, getRowId: (f) => f._id });
  return (
    <DataTable
      table={table}
      label="Uploaded firmware"
      minWidth="min-w-[52rem]"
      rowHeader="version"
      dimmed={dimmed}
      sort={sort}
      renderRowActions={(f) => (
        <div className="flex justify-end gap-1">
          <RollOutButton firmware={f} />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onDelete(f)}
            aria-label={`Delete ${describeFirmware(f)}`}
            icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
          >
            Delete
          </Button>
        </div>
      )}
    />
  );
}
