import { DEVICE_TYPES, FIRMWARE_MSG, type Firmware } from '@isaac/contract';
import { HardDriveUpload, Upload } from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListFilter, ListHeader, ListToolbar, useListView } from '~/components/list';
import { Button, ConfirmDialog } from '~/components/ui';
import { useDeleteFirmware } from '../../api/delete-firmware';
import { useFirmwareList } from '../../api/list-firmware';
import { DEVICE_TYPE_NAMES, DEVICE_TYPE_OPTIONS, firmwareListView } from '../../model/firmware';
import { FirmwareUploadDialog } from './FirmwareUploadDialog';
import { describeFirmware, FirmwareTable } from './FirmwareTable';

/**
 * /admin/devices/firmware: the stored firmware images (search, type, sort and page in the URL), upload,
 * roll out and delete.
 */
export function FirmwarePage() {
  const view = useListView(firmwareListView);
  const deviceType = DEVICE_TYPES.find((type) => type === view.state.filters.type);
  const list = useFirmwareList(view.state);
  const remove = useDeleteFirmware();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<Firmware | null>(null);

  const uploadButton = (label: string) => (
    <Button onClick={() => setUploading(true)} icon={<Upload aria-hidden="true" className="h-4 w-4" />}>
      {label}
    </Button>
  );

  return (
    <div className="space-y-6">
      <ListHeader
        title="Firmware"
        intro="Images that owners’ update checks offer, newest version per type."
        total={list.data?.total}
        nouns={{ one: 'image', many: 'images' }}
        filtered={view.filtered}
        actions={uploadButton('Upload Firmware')}
      />
      <ListToolbar list={view} search={{ label: 'Find firmware', placeholder: 'Version or file name' }}>
        <ListFilter
          list={view}
          name="type"
          label="Device type"
          placeholder="All types"
          options={DEVICE_TYPE_OPTIONS}
          className="sm:w-40"
        />
      </ListToolbar>
      <ListBody
        query={list}
        items={(data) => data.firmware}
        noun="images"
        loadingLabel="Loading firmware…"
        errorTitle={FIRMWARE_MSG.loadFailed}
        empty={{
          icon: HardDriveUpload,
          title: FIRMWARE_MSG.none,
          text: 'Upload a .bin, .hex or .elf image; owners see it when they check for updates.',
          filteredText:
            deviceType && !view.state.search
              ? `No firmware for ${DEVICE_TYPE_NAMES[deviceType]} yet.`
              : 'No image matches this search and type.',
          action: uploadButton('Upload Firmware'),
        }}
        list={view}
      >
        {(items, dimmed) => (
          <FirmwareTable items={items} dimmed={dimmed} sort={view.tableSort()} onDelete={setDeleting} />
        )}
      </ListBody>

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
