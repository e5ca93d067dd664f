import type { Room } from '@isaac/contract';
import { DoorOpen, Eye, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge, Button, ButtonLink, type preloadOnIntent } from '~/components/ui';
import { ownerLinks } from '~/lib/paths';
import { useOwnerT } from '~/lib/i18n/owner-texts';

const SHOWN_DEVICES = 3;

interface RoomCardProps {
  room: Room;
  onEdit: (room: Room) => void;
  onDelete: (room: Room) => void;
  /** Handlers that start loading the room form before Edit opens it (`preloadOnIntent`). */
  editIntent?: ReturnType<typeof preloadOnIntent>;
}

/** One room: name, type, device count and the first few devices; View Devices, Edit, Delete. */
export function RoomCard({ room, onEdit, onDelete, editIntent }: RoomCardProps) {
  const titleId = useId();
  const extra = room.devices.length - SHOWN_DEVICES;
  const { t } = useOwnerT();
  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full min-w-0 flex-col rounded-xl border border-slate-700/80 bg-slate-800/60 p-4 sm:p-5"
    >
      <header className="flex items-start gap-3">
        <span className="shrink-0 rounded-lg bg-sky-500/15 p-2 text-sky-300">
          <DoorOpen aria-hidden="true" className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base font-semibold break-words text-white">
            {room.name}
          </h3>
          <p className="text-sm text-slate-400">
            {room.devices.length === 0
              ? t('common:devices.none')
              : t('common:devices.count', { count: room.devices.length })}
          </p>
        </div>
        <Badge tone="blue">{t(`common:roomTypes.${room.type}`)}</Badge>
      </header>

      {room.devices.length > 0 ? (
        <ul
          aria-label={t('rooms.devicesIn', { name: room.name })}
          className="mt-4 space-y-1 text-sm text-slate-300"
        >
          {room.devices.slice(0, SHOWN_DEVICES).map((device) => (
            <li key={device._id} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`h-2 w-2 shrink-0 rounded-full ${device.is_connected ? 'bg-emerald-400' : 'bg-slate-500'}`}
              />
              <span className="truncate">{device.name}</span>
              <span className="ml-auto shrink-0 text-xs text-slate-400">
                {device.is_connected ? t('common:device.online') : t('common:device.offline')}
              </span>
            </li>
          ))}
          {extra > 0 ? (
            <li className="text-xs text-slate-400">{t('rooms.andMore', { count: extra })}</li>
          ) : null}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-400">{t('rooms.noDevicesYet')}</p>
      )}

      <div className="mt-auto grid grid-cols-2 gap-2 pt-4">
        <ButtonLink
          to={ownerLinks.devicesInRoom(room._id)}
          variant="outline"
          size="sm"
          className="col-span-2"
          icon={<Eye aria-hidden="true" className="h-4 w-4" />}
        >
          {t('rooms.viewDevices')}
        </ButtonLink>
        <Button
          variant="ghost"
          size="sm"
          className="border border-slate-700"
          onClick={() => onEdit(room)}
          {...editIntent}
          icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
        >
          {t('rooms.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="border border-red-500/30 text-red-300 hover:bg-red-500/10 hover:text-red-200"
          onClick={() => onDelete(room)}
          icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
        >
          {t('rooms.delete')}
        </Button>
      </div>
    </article>
  );
}

export function RoomCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse rounded-xl border border-slate-700/80 bg-slate-800/60 p-5"
    >
      <div className="flex items-start gap-3">
        <div className="h-9 w-9 rounded-lg bg-slate-700" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-1/2 rounded bg-slate-700" />
          <div className="h-3 w-1/3 rounded bg-slate-700" />
        </div>
      </div>
      <div className="mt-5 space-y-2">
        <div className="h-3 w-3/4 rounded bg-slate-700/70" />
        <div className="h-3 w-2/3 rounded bg-slate-700/70" />
      </div>
      <div className="mt-5 h-8 rounded bg-slate-700" />
    </div>
  );
}
