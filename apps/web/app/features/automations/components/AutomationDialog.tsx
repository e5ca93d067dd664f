import {
  automationDefinitionSchema,
  AUTOMATION_LIMITS,
  FAN_SPEEDS,
  WEEKDAY_LABELS,
  type AutomationAction,
  type AutomationDefinitionInput,
  type Device,
} from '@isaac/contract';
import { undoOf } from '../model/describe';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, Modal, SelectField, TextField } from '~/components/ui';
import { useSaveAutomation } from '../api/automations';
import { useOwnerT } from '~/lib/i18n/owner-texts';
import { WEEKDAY_KEYS } from '../model/describe';
import { defaultTrigger } from '../model/blank';

type OwnerT = ReturnType<typeof useOwnerT>['t'];

type DeviceStep = Extract<AutomationAction, { kind: 'device' }>;
type AutomationTrigger = AutomationDefinitionInput['trigger'];
type Command = DeviceStep['command'];

/** The commands a device can take, as select options (`power:on`, `fan:high`, `gang:0:off`). */
function commandOptions(device: Device | undefined, t: OwnerT): { value: string; label: string }[] {
  const options = [
    { value: 'power:on', label: t('automations.dialog.turnOn') },
    { value: 'power:off', label: t('automations.dialog.turnOff') },
  ];
  if (device?.type === 'isaac') {
    for (const speed of FAN_SPEEDS) {
      options.push({
        value: `fan:${speed}`,
        label: t('automations.dialog.fan', { speed: t(`automations.speeds.${speed}`) }),
      });
    }
  }
  if (device?.type === 'lumos') {
    for (const gang of device.gangs) {
      options.push({
        value: `gang:${gang.index}:on`,
        label: t('automations.dialog.gangOn', {
          name: gang.name || t('deviceSettings.switchN', { n: gang.index + 1 }),
        }),
      });
      options.push({
        value: `gang:${gang.index}:off`,
        label: t('automations.dialog.gangOff', {
          name: gang.name || t('deviceSettings.switchN', { n: gang.index + 1 }),
        }),
      });
    }
  }
  return options;
}

const commandValue = (c: Command) =>
  c.kind === 'power'
    ? `power:${c.on ? 'on' : 'off'}`
    : c.kind === 'fan_speed'
      ? `fan:${c.speed}`
      : `gang:${c.index}:${c.on ? 'on' : 'off'}`;

function commandOf(value: string): Command {
  const [kind, a, b] = value.split(':');
  if (kind === 'fan') return { kind: 'fan_speed', speed: a as (typeof FAN_SPEEDS)[number] };
  if (kind === 'gang') return { kind: 'gang', index: Number(a), on: b === 'on' };
  return { kind: 'power', on: a === 'on' };
}

interface Props {
  /** The automation being edited (its id), or null for a new one. */
  id: string | null;
  initial: AutomationDefinitionInput;
  devices: readonly Device[];
  onClose: () => void;
}

/**
 * Create or change an automation on one screen: WHEN (air quality held past a value, a time on chosen days,
 * a device event), optionally only between two times, THEN its steps in order (a device command, a
 * notification, a wait), and its safety limits. The server checks it all again (its devices must be yours).
 */
export function AutomationDialog({ id, initial, devices, onClose }: Props) {
  const save = useSaveAutomation();
  const { t } = useOwnerT();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const timeWindow = draft.conditions?.find((c) => c.kind === 'time_between');
  const trigger = draft.trigger;
  const byId = new Map(devices.map((d) => [d._id, d]));
  const deviceOptions = (filter: (d: Device) => boolean = () => true) =>
    devices.filter(filter).map((d) => ({ value: d._id, label: d.name }));
  const setTrigger = (next: AutomationTrigger) => setDraft((d) => ({ ...d, trigger: next }));
  const setActions = (actions: AutomationAction[]) => setDraft((d) => ({ ...d, actions }));
  const actions = (draft.actions ?? []) as AutomationAction[];

  const undoable = trigger.kind === 'air_quality' && undoOf(actions).length > 0;
  const undo = (draft.clear_actions?.length ?? 0) > 0;

  const submit = () => {
    // "Switch back when the air is clean" undoes the steps as they are now.
    const clear = undoable && undo ? undoOf(actions) : [];
    const parsed = automationDefinitionSchema.safeParse({ ...draft, clear_actions: clear });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('automations.dialog.check'));
      return;
    }
    setError(null);
    save.mutate({ id, definition: parsed.data }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={save.isPending}
      size="lg"
      title={id ? t('automations.dialog.edit') : t('automations.new')}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {t('common:ui.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('automations.dialog.save')}
          </Button>
        </>
      }
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('automations.dialog.name')}
          required
          maxLength={100}
          value={draft.name}
          onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
        />

        <fieldset className="space-y-3 rounded-lg border border-slate-700 p-3">
          <legend className="px-1 text-sm font-semibold text-white">{t('automations.dialog.when')}</legend>
          <SelectField
            label={t('automations.dialog.trigger')}
            value={trigger.kind}
            onChange={(e) => setTrigger(defaultTrigger(e.target.value as AutomationTrigger['kind'], devices))}
            options={[
              { value: 'air_quality', label: t('automations.dialog.airQuality') },
              { value: 'schedule', label: t('automations.dialog.aTimeOfDay') },
              { value: 'device', label: t('automations.dialog.aDeviceChanges') },
            ]}
          />
          {trigger.kind === 'air_quality' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label={t('automations.dialog.measuredBy')}
                value={trigger.device_id}
                onChange={(e) => setTrigger({ ...trigger, device_id: e.target.value })}
                options={deviceOptions((d) => d.type === 'skywalker' || d.type === 'isaac')}
                placeholder={t('automations.dialog.chooseASensorOrPurifier')}
              />
              <SelectField
                label={t('automations.dialog.reading')}
                value={trigger.metric}
                onChange={(e) => setTrigger({ ...trigger, metric: e.target.value as 'pm25' | 'aqi' })}
                options={[
                  { value: 'pm25', label: t('automations.dialog.pm25GM') },
                  { value: 'aqi', label: t('automations.dialog.aqi') },
                ]}
              />
              <SelectField
                label={t('automations.dialog.is')}
                value={trigger.direction}
                onChange={(e) => setTrigger({ ...trigger, direction: e.target.value as 'above' | 'below' })}
                options={[
                  { value: 'above', label: t('automations.dialog.above') },
                  { value: 'below', label: t('automations.dialog.below') },
                ]}
              />
              <TextField
                label={t('automations.dialog.value')}
                type="number"
                min={0}
                max={1000}
                value={trigger.value}
                onChange={(e) => setTrigger({ ...trigger, value: Number(e.target.value) })}
              />
              <TextField
                label={t('automations.dialog.forMinutes')}
                type="number"
                min={0}
                max={AUTOMATION_LIMITS.maxForMinutes}
                value={trigger.for_minutes ?? 0}
                onChange={(e) => setTrigger({ ...trigger, for_minutes: Number(e.target.value) })}
              />
            </div>
          ) : trigger.kind === 'schedule' ? (
            <div className="space-y-3">
              <TextField
                label={t('automations.dialog.timeHomeTime')}
                type="time"
                value={trigger.time}
                onChange={(e) => setTrigger({ ...trigger, time: e.target.value })}
              />
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium text-slate-200">
                  {t('automations.dialog.days')}
                </legend>
                <div className="flex flex-wrap gap-2">
                  {WEEKDAY_LABELS.map((label, day) => (
                    <label
                      key={label}
                      className="flex items-center gap-1.5 rounded-lg border border-slate-700 px-2 py-1 text-sm"
                    >
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-sky-500"
                        checked={trigger.days.includes(day)}
                        onChange={(e) =>
                          setTrigger({
                            ...trigger,
                            days: e.target.checked
                              ? [...trigger.days, day].sort((a, b) => a - b)
                              : trigger.days.filter((d) => d !== day),
                          })
                        }
                      />
                      {t(`automations.weekdays.${WEEKDAY_KEYS[day] ?? 'sun'}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            </div>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label={t('automations.dialog.device')}
                value={trigger.device_id}
                onChange={(e) => setTrigger({ ...trigger, device_id: e.target.value })}
                options={deviceOptions()}
                placeholder={t('automations.dialog.chooseADevice')}
              />
              <SelectField
                label={t('automations.dialog.whenIt')}
                value={trigger.event}
                onChange={(e) => setTrigger({ ...trigger, event: e.target.value as typeof trigger.event })}
                options={[
                  { value: 'goes_offline', label: t('automations.dialog.goesOffline') },
                  { value: 'comes_online', label: t('automations.dialog.comesBackOnline') },
                  { value: 'turns_on', label: t('automations.dialog.turnsOn') },
                  { value: 'turns_off', label: t('automations.dialog.turnsOff') },
                ]}
              />
            </div>
          )}
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              className="h-4 w-4 accent-sky-500"
              checked={timeWindow !== undefined}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  conditions: e.target.checked ? [{ kind: 'time_between', from: '22:00', to: '07:00' }] : [],
                }))
              }
            />
            {t('automations.dialog.between')}
          </label>
          {timeWindow?.kind === 'time_between' ? (
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label={t('automations.dialog.from')}
                type="time"
                value={timeWindow.from}
                onChange={(e) =>
                  setDraft((d) => ({ ...d, conditions: [{ ...timeWindow, from: e.target.value }] }))
                }
              />
              <TextField
                label={t('automations.dialog.to')}
                type="time"
                value={timeWindow.to}
                onChange={(e) =>
                  setDraft((d) => ({ ...d, conditions: [{ ...timeWindow, to: e.target.value }] }))
                }
              />
            </div>
          ) : null}
        </fieldset>

        <fieldset className="space-y-3 rounded-lg border border-slate-700 p-3">
          <legend className="px-1 text-sm font-semibold text-white">{t('automations.dialog.then')}</legend>
          {actions.length === 0 ? (
            <p className="text-sm text-slate-400">{t('automations.dialog.noSteps')}</p>
          ) : null}
          <ol className="space-y-3">
            {actions.map((action, i) => (
              <li
                key={i}
                className="flex flex-col gap-2 rounded-lg bg-slate-900/60 p-3 sm:flex-row sm:items-end"
              >
                <span className="text-xs font-semibold text-slate-400 sm:mb-2.5">{i + 1}.</span>
                {action.kind === 'device' ? (
                  <>
                    <SelectField
                      className="flex-1"
                      label={t('automations.dialog.device')}
                      value={action.device_id}
                      onChange={(e) =>
                        setActions(
                          actions.map((a, k) =>
                            k === i
                              ? { ...action, device_id: e.target.value, command: { kind: 'power', on: true } }
                              : a,
                          ),
                        )
                      }
                      options={deviceOptions()}
                    />
                    <SelectField
                      className="flex-1"
                      label={t('automations.dialog.do')}
                      value={commandValue(action.command)}
                      onChange={(e) =>
                        setActions(
                          actions.map((a, k) =>
                            k === i ? { ...action, command: commandOf(e.target.value) } : a,
                          ),
                        )
                      }
                      options={commandOptions(byId.get(action.device_id), t)}
                    />
                  </>
                ) : action.kind === 'notify' ? (
                  <TextField
                    className="flex-1"
                    label={t('automations.dialog.notifyMeWith')}
                    maxLength={AUTOMATION_LIMITS.maxNotifyChars}
                    placeholder={t('automations.dialog.whatTriggeredIt')}
                    value={action.message}
                    onChange={(e) =>
                      setActions(
                        actions.map((a, k) => (k === i ? { ...action, message: e.target.value } : a)),
                      )
                    }
                  />
                ) : (
                  <TextField
                    className="flex-1"
                    label={t('automations.dialog.waitSeconds')}
                    type="number"
                    min={1}
                    max={AUTOMATION_LIMITS.maxDelaySeconds}
                    value={action.seconds}
                    onChange={(e) =>
                      setActions(
                        actions.map((a, k) => (k === i ? { ...action, seconds: Number(e.target.value) } : a)),
                      )
                    }
                  />
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setActions(actions.filter((_, k) => k !== i))}
                  icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                >
                  {t('automations.dialog.remove')}
                  <span className="sr-only"> {t('automations.dialog.step', { n: i + 1 })}</span>
                </Button>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={devices.length === 0 || actions.length >= AUTOMATION_LIMITS.maxActions}
              onClick={() =>
                setActions([
                  ...actions,
                  { kind: 'device', device_id: devices[0]!._id, command: { kind: 'power', on: true } },
                ])
              }
              icon={<Plus aria-hidden="true" className="h-4 w-4" />}
            >
              {t('automations.dialog.deviceStep')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={actions.length >= AUTOMATION_LIMITS.maxActions}
              onClick={() => setActions([...actions, { kind: 'notify', message: '' }])}
              icon={<Plus aria-hidden="true" className="h-4 w-4" />}
            >
              {t('automations.dialog.notification')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={actions.length >= AUTOMATION_LIMITS.maxActions}
              onClick={() => setActions([...actions, { kind: 'delay', seconds: 60 }])}
              icon={<Plus aria-hidden="true" className="h-4 w-4" />}
            >
              {t('automations.dialog.wait')}
            </Button>
          </div>
        </fieldset>

        {trigger.kind === 'air_quality' ? (
          <label className="flex items-start gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-sky-500"
              checked={undoable && undo}
              disabled={!undoable}
              aria-describedby="automation-undo-hint"
              onChange={(e) =>
                setDraft((d) => ({ ...d, clear_actions: e.target.checked ? undoOf(actions) : [] }))
              }
            />
            <span>
              {t('automations.dialog.undo')}
              <span id="automation-undo-hint" className="block text-xs text-slate-400">
                {undoable ? t('automations.dialog.undoHint') : t('automations.dialog.undoNeedsStep')}
              </span>
            </span>
          </label>
        ) : null}

        <details className="rounded-lg border border-slate-700 p-3">
          <summary className="cursor-pointer text-sm font-semibold text-white">
            {t('automations.dialog.limits')}
          </summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <TextField
              label={t('automations.dialog.switchADeviceAtMost')}
              type="number"
              min={1}
              max={AUTOMATION_LIMITS.maxTogglesPerHour}
              value={draft.max_toggles_per_hour ?? AUTOMATION_LIMITS.defaultMaxTogglesPerHour}
              onChange={(e) => setDraft((d) => ({ ...d, max_toggles_per_hour: Number(e.target.value) }))}
            />
            <TextField
              label={t('automations.dialog.afterSomeoneSwitchesItBy')}
              type="number"
              min={0}
              max={AUTOMATION_LIMITS.maxManualOverrideMinutes}
              value={draft.manual_override_minutes ?? AUTOMATION_LIMITS.defaultManualOverrideMinutes}
              onChange={(e) => setDraft((d) => ({ ...d, manual_override_minutes: Number(e.target.value) }))}
            />
          </div>
        </details>
        {error ? (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
