import { AUTO_MODE, GANG_NAME_MAX, autoModeSchema, thresholdHysteresis, type Device } from '@isaac/contract';
import { Cpu, DoorOpen, LogOut, ToggleRight, Wind } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Modal, SelectField, Spinner, TextField } from '~/components/ui';
import { useAssignRoom } from '../../api/assign-room';
import { useRenameGang } from '../../api/rename-gang';
import { useSetAutoMode } from '../../api/set-auto-mode';
import { useCheckForUpdates } from '../../api/check-updates';
import { useUpdateFirmware } from '../../api/update-firmware';
import { useRoomOptions } from '../../api/list-rooms';
import { useUnassignRoom } from '../../api/unassign-room';
import { formatDateTime } from '~/lib/format';
import { DEVICE_TYPE_LABELS } from '../../model/labels';
import { ownerLinks } from '~/lib/paths';
import { useOwnerT } from '~/lib/i18n/owner-texts';
import { Rich } from '~/lib/i18n/rich';

/**
 * The device Settings modal: its details, and its room — Assign (a select of the owner's rooms; the
 * button stays disabled until a room is chosen) when it has none, Unassign when it has one.
 */
export function DeviceSettingsModal({ device, onClose }: { device: Device; onClose: () => void }) {
  const assign = useAssignRoom();
  const unassign = useUnassignRoom();
  const busy = assign.isPending || unassign.isPending;
  const { t } = useOwnerT();

  return (
    <Modal
      open
      onClose={onClose}
      title={t('deviceSettings.title', { name: device.name })}
      description={device.model}
      busy={busy}
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-slate-700 bg-slate-900/40 p-4 text-sm">
        <Detail term={t('deviceSettings.type')} value={DEVICE_TYPE_LABELS[device.type]} />
        <Detail term={t('deviceSettings.serial')} value={device.serial_number} />
        <Detail
          term={t('deviceSettings.firmware')}
          value={device.firmware_version ?? t('deviceSettings.unknown')}
        />
        <Detail term={t('deviceSettings.lastUpdated')} value={formatDateTime(device.last_updated)} />
      </dl>

      {device.type === 'lumos' && device.gangs.length > 0 ? <GangNames device={device} /> : null}
      {device.type === 'isaac' ? <AutoModeForm device={device} /> : null}
      <FirmwareSection device={device} />

      <section aria-labelledby="device-room-heading" className="mt-5">
        <h3 id="device-room-heading" className="flex items-center gap-2 text-sm font-semibold text-white">
          <DoorOpen aria-hidden="true" className="h-4 w-4 text-sky-300" />
          {t('deviceSettings.room')}
        </h3>
        {device.room_id ? (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-700 p-3">
            <p className="text-sm text-slate-300">
              <Rich
                text={t('deviceSettings.inRoom', { room: device.room_name ?? t('deviceSettings.aRoom') })}
                tags={{ strong: (chunk) => <strong className="font-semibold text-white">{chunk}</strong> }}
              />
            </p>
            <Button
              variant="outline"
              size="sm"
              loading={unassign.isPending}
              onClick={() => unassign.mutate(device._id, { onSuccess: onClose })}
              icon={<LogOut aria-hidden="true" className="h-4 w-4" />}
            >
              {t('deviceSettings.unassign')}
            </Button>
          </div>
        ) : (
          <AssignRoom
            busy={assign.isPending}
            onAssign={(roomId) => assign.mutate({ deviceId: device._id, roomId }, { onSuccess: onClose })}
          />
        )}
      </section>
    </Modal>
  );
}

/**
 * Firmware (issue 14): Check for Updates, and when a newer image exists, Update now — the device downloads,
 * verifies and installs it; its card follows the update.
 */
function FirmwareSection({ device }: { device: Device }) {
  const check = useCheckForUpdates();
  const update = useUpdateFirmware();
  const result = check.data;
  const inProgress = device.update !== null && !['UPDATED', 'FAILED'].includes(device.update.state);
  const { t } = useOwnerT();
  const unknownVersion = t('deviceSettings.unknownVersion');
  return (
    <section aria-labelledby="device-firmware-heading" className="mt-5">
      <h3 id="device-firmware-heading" className="flex items-center gap-2 text-sm font-semibold text-white">
        <Cpu aria-hidden="true" className="h-4 w-4 text-sky-300" />
        {t('deviceSettings.firmware')}
      </h3>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-300">
          {inProgress
            ? t('deviceSettings.updatingTo', { version: device.update?.version })
            : result
              ? result.update_available
                ? t('deviceSettings.available', {
                    latest: result.latest_version,
                    current: result.current_version ?? unknownVersion,
                  })
                : t('deviceSettings.upToDate')
              : t('deviceSettings.runs', { version: device.firmware_version ?? unknownVersion })}
        </p>
        {result?.update_available && !inProgress ? (
          <Button size="sm" loading={update.isPending} onClick={() => update.mutate(device._id)}>
            {t('deviceSettings.updateNow')}
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            loading={check.isPending}
            onClick={() => check.mutate(device._id)}
            disabled={inProgress}
          >
            {t('deviceSettings.checkUpdates')}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * ISAAC auto mode (issue 13): an automation of the engine (issue 33) that switches the purifier on when the
 * room's air sensor (or the purifier itself) reads PM2.5 above the threshold, and off again once the air is
 * clean by the hysteresis (only if auto mode switched it on). It is listed on the Automations page too.
 */
function AutoModeForm({ device }: { device: Device }) {
  const save = useSetAutoMode();
  const [enabled, setEnabled] = useState(device.auto_threshold !== null);
  const [value, setValue] = useState(String(device.auto_threshold ?? 60));
  const [error, setError] = useState<string | undefined>();
  const { t } = useOwnerT();
  return (
    <section aria-labelledby="device-auto-heading" className="mt-5">
      <h3 id="device-auto-heading" className="flex items-center gap-2 text-sm font-semibold text-white">
        <Wind aria-hidden="true" className="h-4 w-4 text-sky-300" />
        {t('deviceSettings.autoMode')}
      </h3>
      <p className="mt-1 text-xs text-slate-400">
        {t('deviceSettings.autoModeText', {
          below: thresholdHysteresis(Number(value) || AUTO_MODE.minThreshold),
        })}
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const threshold = enabled ? Number(value) : null;
          const checked = autoModeSchema.safeParse({
            threshold: enabled && value.trim() === '' ? NaN : threshold,
          });
          if (!checked.success) {
            setError(checked.error.issues[0]?.message ?? t('deviceSettings.enterNumber'));
            return;
          }
          save.mutate({ id: device._id, threshold: checked.data.threshold });
        }}
      >
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-600"
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          {t('deviceSettings.on')}
        </label>
        <TextField
          label={t('deviceSettings.threshold')}
          type="number"
          inputMode="numeric"
          min={AUTO_MODE.minThreshold}
          max={AUTO_MODE.maxThreshold}
          className="w-48"
          value={value}
          disabled={!enabled}
          error={error}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="outline" size="sm" loading={save.isPending}>
          {t('deviceSettings.save')}
          <span className="sr-only"> {t('deviceSettings.saveAutoMode')}</span>
        </Button>
      </form>
    </section>
  );
}

/** Switch names (each gang of a Lumos device): what the card shows and what voice assistants call them. */
function GangNames({ device }: { device: Device }) {
  const { t } = useOwnerT();
  return (
    <section aria-labelledby="device-gangs-heading" className="mt-5">
      <h3 id="device-gangs-heading" className="flex items-center gap-2 text-sm font-semibold text-white">
        <ToggleRight aria-hidden="true" className="h-4 w-4 text-sky-300" />
        {t('deviceSettings.switchNames')}
      </h3>
      <p className="mt-1 text-xs text-slate-400">{t('deviceSettings.switchNamesText')}</p>
      <ul className="mt-3 space-y-3">
        {device.gangs.map((gang) => (
          <li key={gang.index}>
            <GangNameForm deviceId={device._id} index={gang.index} name={gang.name} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GangNameForm({ deviceId, index, name }: { deviceId: string; index: number; name: string }) {
  const rename = useRenameGang();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const { t } = useOwnerT();
  return (
    <form
      className="flex items-start gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!value.trim()) {
          setError(t('deviceSettings.switchNameRequired'));
          return;
        }
        rename.mutate({ id: deviceId, gangIndex: index, name: value.trim() });
      }}
    >
      <TextField
        label={t('deviceSettings.switchN', { n: index + 1 })}
        className="flex-1"
        maxLength={GANG_NAME_MAX}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="mt-7"
        loading={rename.isPending}
        disabled={value.trim() === name}
      >
        {t('deviceSettings.save')}
        <span className="sr-only"> {t('deviceSettings.saveSwitchName', { n: index + 1 })}</span>
      </Button>
    </form>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-400">{term}</dt>
      <dd className="truncate text-slate-200" title={value}>
        {value}
      </dd>
    </div>
  );
}

function AssignRoom({ busy, onAssign }: { busy: boolean; onAssign: (roomId: string) => void }) {
  const rooms = useRoomOptions();
  const [roomId, setRoomId] = useState('');
  const { t } = useOwnerT();

  if (rooms.isPending) {
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-400">
        <Spinner size="sm" label={t('deviceSettings.loadingRooms')} /> {t('deviceSettings.loadingYourRooms')}
      </p>
    );
  }
  if (rooms.isError) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-300" role="alert">
        {t('messages:msg.loadRooms')}
        <Button variant="outline" size="sm" onClick={() => void rooms.refetch()}>
          {t('common:ui.retry')}
        </Button>
      </div>
    );
  }
  if (rooms.data.length === 0) {
    return (
      <p className="mt-3 text-sm text-slate-400">
        <Rich
          text={t('deviceSettings.noRooms')}
          tags={{
            link: (chunk) => (
              <Link to={ownerLinks.addRoom} className="font-medium text-sky-300 underline hover:text-sky-200">
                {chunk}
              </Link>
            ),
          }}
        />
      </p>
    );
  }
  return (
    <form
      className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        if (roomId) onAssign(roomId);
      }}
    >
      <SelectField
        label={t('deviceSettings.assignTo')}
        className="flex-1"
        placeholder={t('deviceSettings.selectRoom')}
        options={rooms.data}
        value={roomId}
        onChange={(event) => setRoomId(event.target.value)}
        hint={roomId ? undefined : t('messages:msg.selectRoom')}
        disabled={busy}
      />
      <Button type="submit" className="sm:mt-7" disabled={!roomId} loading={busy}>
        {t('deviceSettings.assign')}
      </Button>
    </form>
  );
}
