import {
  AIR_ALERT_BANDS,
  AQI_BANDS_CPCB,
  type AirAlertBand,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@isaac/contract';
import { BellRing, BellOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button, ErrorState, PanelLoading, SelectField, TextField } from '~/components/ui';
import { timeZoneOptions } from '~/lib/time-zones';
import { usePreferences, useSavePreferences } from '../api/preferences';
import { usePushKey, useThisBrowserSubscribed, useTurnOffPush, useTurnOnPush } from '../api/push';
import { pushSupport } from '../model/push';
import { aqiBandName, useCommonT } from '~/lib/i18n';
import { useAccountT } from '~/lib/i18n/account-texts';


/**
 * The notification settings of every role's settings page (issue 33): per kind, push and/or e-mail (the
 * bell always shows everything), quiet hours in the person's time zone with urgent offline alerts, and
 * push on this browser — asked for only when the person clicks.
 */
export function NotificationSettings() {
  const preferences = usePreferences();
  const { t } = useAccountT();
  if (preferences.isPending) return <PanelLoading label={t('notifications.loading')} />;
  if (preferences.isError) {
    return (
      <ErrorState
        title={t('notifications.loadFailed')}
        onRetry={() => void preferences.refetch()}
        retrying={preferences.isFetching}
      />
    );
  }
  return (
    <div className="space-y-6">
      <PushOnThisBrowser />
      <PreferencesForm saved={preferences.data} />
    </div>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSavePreferences();
  const [channels, setChannels] = useState(saved.channels);
  const [quiet, setQuiet] = useState(saved.quiet_hours !== null);
  const [from, setFrom] = useState(saved.quiet_hours?.from ?? '22:00');
  const [to, setTo] = useState(saved.quiet_hours?.to ?? '07:00');
  const [urgent, setUrgent] = useState(saved.offline_is_urgent);
  const [timeZone, setTimeZone] = useState(saved.time_zone);
  const [airBand, setAirBand] = useState(saved.air_alert_band);
  const [offlineAfter, setOfflineAfter] = useState(saved.offline_after_minutes);
  const zones = useMemo(() => timeZoneOptions(saved.time_zone), [saved.time_zone]);
  const { t } = useAccountT();
  const { t: common } = useCommonT();
  const channelLabel = (channel: NotificationChannel) => t(`notifications.channels.${channel}`);

  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    setChannels((current) => ({
      ...current,
      [kind]: on ? [...current[kind], channel] : current[kind].filter((c) => c !== channel),
    }));

  return (
    <form
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          channels,
          quiet_hours: quiet ? { from, to } : null,
          offline_is_urgent: urgent,
          time_zone: timeZone,
          air_alert_band: airBand,
          offline_after_minutes: offlineAfter,
        });
      }}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-200">{t('notifications.legend')}</legend>
        <div className="overflow-hidden rounded-lg border border-slate-700">
          <table className="w-full text-sm">
            <thead className="bg-slate-800/60 text-left text-xs text-slate-400 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('notifications.notification')}
                </th>
                {(['push', 'email'] as const).map((c) => (
                  <th key={c} scope="col" className="w-20 px-3 py-2 text-center">
                    {channelLabel(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-800">
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row" className="px-3 py-2 text-left font-normal text-slate-200">
                    {t(`notifications.kinds.${kind}`)}
                  </th>
                  {(['push', 'email'] as const).map((channel) => (
                    <td key={channel} className="px-3 py-2 text-center">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-sky-500"
                        aria-label={t('notifications.kindChannel', {
                          kind: t(`notifications.kinds.${kind}`),
                          channel: channelLabel(channel),
                        })}
                        checked={channels[kind].includes(channel)}
                        onChange={(event) => toggle(kind, channel, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium text-slate-200">{t('notifications.alerts')}</legend>
        <SelectField
          label={t('notifications.airBand')}
          value={airBand}
          onChange={(e) => setAirBand(e.target.value as AirAlertBand)}
          options={AIR_ALERT_BANDS.map((band) => ({
            value: band,
            label: t('notifications.orWorse', {
              band: aqiBandName(band, AQI_BANDS_CPCB.find((b) => b.band === band)?.label ?? band, common),
            }),
          }))}
        />
        <TextField
          label={t('notifications.offlineAfter')}
          type="number"
          min={1}
          max={1440}
          value={offlineAfter}
          onChange={(e) => setOfflineAfter(Number(e.target.value))}
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-slate-200">{t('notifications.quietHours')}</legend>
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            className="h-4 w-4 accent-sky-500"
            checked={quiet}
            onChange={(event) => setQuiet(event.target.checked)}
          />
          {t('notifications.quietText')}
        </label>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label={t('notifications.from')}
            type="time"
            value={from}
            disabled={!quiet}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField
            label={t('notifications.to')}
            type="time"
            value={to}
            disabled={!quiet}
            onChange={(e) => setTo(e.target.value)}
          />
          <SelectField
            label={t('notifications.timeZone')}
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
            options={zones}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            className="h-4 w-4 accent-sky-500"
            checked={urgent}
            onChange={(event) => setUrgent(event.target.checked)}
          />
          {t('notifications.urgent')}
        </label>
      </fieldset>

      <Button type="submit" loading={save.isPending}>
        {t('notifications.save')}
      </Button>
    </form>
  );
}

/** Push on this browser: on (Turn off), off (Turn on, which asks the browser), or why it cannot be. */
function PushOnThisBrowser() {
  const key = usePushKey();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  // Read again after each change: the browser's permission moves when the person answers its prompt.
  const support = pushSupport();
  const subscribed = useThisBrowserSubscribed().data ?? false;
  const { t } = useCommonT();
  const { t: tAccount } = useAccountT();

  const publicKey = key.data?.public_key ?? null;
  let status: string;
  if (support === 'unsupported') status = t('notifications.pushUnsupported');
  else if (key.isSuccess && publicKey === null) status = t('notifications.pushNotConfigured');
  else if (support === 'denied') status = t('notifications.pushDenied');
  else if (subscribed) status = tAccount('notifications.pushIsOn');
  else status = tAccount('notifications.pushIsOff');
  const canChange = support !== 'unsupported' && support !== 'denied' && publicKey !== null;

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-700 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-300" role="status">
        {status}
      </p>
      {canChange ? (
        subscribed ? (
          <Button
            variant="outline"
            size="sm"
            loading={turnOff.isPending}
            onClick={() => turnOff.mutate()}
            icon={<BellOff aria-hidden="true" className="h-4 w-4" />}
          >
            {tAccount('notifications.turnOffHere')}
          </Button>
        ) : (
          <Button
            size="sm"
            loading={turnOn.isPending}
            onClick={() => turnOn.mutate(publicKey)}
            icon={<BellRing aria-hidden="true" className="h-4 w-4" />}
          >
            {tAccount('notifications.turnOnPush')}
          </Button>
        )
      ) : null}
    </div>
  );
}
