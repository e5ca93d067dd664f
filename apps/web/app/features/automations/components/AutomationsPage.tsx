import type { Automation, AutomationDefinitionInput } from '@isaac/contract';
import { History, Pencil, Plus, Trash2, Wand2 } from 'lucide-react';
import { useState } from 'react';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  lazyDialog,
  PanelLoading,
  preloadOnIntent,
  Switch,
} from '~/components/ui';
import { formatDateTimeIn } from '~/lib/format';
import {
  useAutomationDevices,
  useAutomations,
  useDeleteAutomation,
  useSaveAutomation,
  useSetAutomationEnabled,
} from '../api/automations';
import { describeAutomation, namesOf } from '../model/describe';
import { OUTCOME_TONES } from '../model/messages';
import { AUTOMATION_TEMPLATES } from '../model/templates';
import { blankAutomation } from '../model/blank';
import { RunsDialog } from './RunsDialog';
import { useOwnerT } from '~/lib/i18n/owner-texts';

type Editing = { id: string | null; initial: AutomationDefinitionInput } | null;

// The editor loads when wanted, with the schema it checks with (ADR 083).
const AutomationDialog = lazyDialog(() => import('./AutomationDialog').then((m) => m.AutomationDialog));

/**
 * /owner/automations (issue 33): the home's automations — each with its sentence, an on/off switch, its
 * last run and (schedules) next run, Edit, History and Delete — and templates that make the common ones
 * one screen.
 */
/** `timeZone`: the current home's (its schedules' clock; the route reads it), undefined while unknown. */
export function AutomationsPage({ timeZone }: { timeZone?: string }) {
  const list = useAutomations();
  const devicesQuery = useAutomationDevices();
  const devices = devicesQuery.data ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const [history, setHistory] = useState<Automation | null>(null);
  const [deleting, setDeleting] = useState<Automation | null>(null);
  const remove = useDeleteAutomation();
  const save = useSaveAutomation();
  const { t } = useOwnerT();

  if (list.isPending || devicesQuery.isPending) return <PanelLoading label={t('automations.loading')} />;
  if (list.isError || devicesQuery.isError) {
    return (
      <ErrorState
        title={t('automations.load')}
        onRetry={() => void Promise.all([list.refetch(), devicesQuery.refetch()])}
        retrying={list.isFetching || devicesQuery.isFetching}
      />
    );
  }
  const names = namesOf(devices);

  const applyTemplate = (definitions: AutomationDefinitionInput[]) => {
    if (definitions.length === 1) setEditing({ id: null, initial: definitions[0]! });
    else for (const definition of definitions) save.mutate({ id: null, definition });
  };

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm text-slate-300">{t('automations.intro')}</p>
        <Button
          disabled={devices.length === 0}
          onClick={() => setEditing({ id: null, initial: blankAutomation(devices) })}
          {...preloadOnIntent(AutomationDialog)}
          icon={<Plus aria-hidden="true" className="h-4 w-4" />}
        >
          {t('automations.new')}
        </Button>
      </div>

      <section aria-labelledby="automations-yours" className="space-y-3">
        <h2 id="automations-yours" className="text-base font-semibold text-white">
          {t('automations.yours')}
        </h2>
        {list.data.length === 0 ? (
          <EmptyState title={devices.length === 0 ? t('automations.needsDevices') : t('automations.empty')} />
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {list.data.map((automation) => (
              <AutomationCard
                key={automation._id}
                automation={automation}
                timeZone={timeZone}
                summary={describeAutomation(automation, names)}
                onEdit={() =>
                  setEditing({
                    id: automation._id,
                    initial: {
                      name: automation.name,
                      enabled: automation.enabled,
                      trigger: automation.trigger,
                      conditions: automation.conditions,
                      actions: automation.actions,
                      clear_actions: automation.clear_actions,
                      max_toggles_per_hour: automation.max_toggles_per_hour,
                      manual_override_minutes: automation.manual_override_minutes,
                    },
                  })
                }
                onHistory={() => setHistory(automation)}
                onDelete={() => setDeleting(automation)}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="automations-templates" className="space-y-3">
        <h2 id="automations-templates" className="text-base font-semibold text-white">
          {t('automations.fromTemplate')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {AUTOMATION_TEMPLATES.map((template) => {
            const definitions = template.build(devices);
            return (
              <li
                key={template.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-800/40 p-4"
              >
                <div className="flex-1">
                  <h3 className="text-sm font-semibold text-white">
                    {t(`automations.templates.${template.id}.title`)}
                  </h3>
                  <p className="mt-1 text-sm text-slate-400">
                    {t(`automations.templates.${template.id}.description`)}
                  </p>
                  {definitions === null ? (
                    <p className="mt-1 text-xs text-amber-300">{t('automations.needsDevice')}</p>
                  ) : null}
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={definitions === null}
                  loading={save.isPending && definitions !== null && definitions.length > 1}
                  onClick={() => definitions && applyTemplate(definitions)}
                  {...preloadOnIntent(AutomationDialog)}
                  icon={<Wand2 aria-hidden="true" className="h-4 w-4" />}
                  aria-label={t('automations.useTemplateOf', {
                    title: t(`automations.templates.${template.id}.title`),
                  })}
                >
                  {t('automations.useTemplate')}
                </Button>
              </li>
            );
          })}
        </ul>
      </section>

      {editing ? (
        <AutomationDialog
          id={editing.id}
          initial={editing.initial}
          devices={devices}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {history ? (
        <RunsDialog automation={history} timeZone={timeZone} onClose={() => setHistory(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('automations.deleteTitle')}
        message={t('automations.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('automations.delete')}
        variant="danger"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting._id, { onSuccess: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function AutomationCard({
  automation,
  timeZone,
  summary,
  onEdit,
  onHistory,
  onDelete,
}: {
  automation: Automation;
  timeZone: string | undefined;
  summary: string;
  onEdit: () => void;
  onHistory: () => void;
  onDelete: () => void;
}) {
  const setEnabled = useSetAutomationEnabled();
  const { t } = useOwnerT();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-800/40 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-white">{automation.name}</h3>
          <p className="mt-1 text-sm text-slate-300">{summary}</p>
        </div>
        <Switch
          label={t('automations.enabled')}
          aria-label={t('automations.enabledOf', { name: automation.name })}
          checked={automation.enabled}
          disabled={setEnabled.isPending}
          onCheckedChange={(enabled) => setEnabled.mutate({ id: automation._id, enabled })}
          className="shrink-0"
        />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-xs text-slate-400">
        <div>
          <dt>{t('automations.lastRun')}</dt>
          <dd className="mt-0.5 flex flex-wrap items-center gap-1.5 text-slate-200">
            {automation.last_run_at
              ? formatDateTimeIn(automation.last_run_at, timeZone)
              : t('automations.notYet')}
            {automation.last_outcome ? (
              <Badge tone={OUTCOME_TONES[automation.last_outcome]}>
                {t(`automations.outcomes.${automation.last_outcome}`)}
              </Badge>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('automations.nextRun')}</dt>
          <dd className="mt-0.5 text-slate-200">
            {automation.next_run_at
              ? formatDateTimeIn(automation.next_run_at, timeZone)
              : automation.trigger.kind === 'schedule'
                ? t('automations.off')
                : t('automations.whenItHappens')}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          {...preloadOnIntent(AutomationDialog)}
          icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
        >
          {t('automations.edit')}
          <span className="sr-only"> {automation.name}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onHistory}
          icon={<History aria-hidden="true" className="h-4 w-4" />}
        >
          {t('automations.history')}
          <span className="sr-only"> {t('automations.historyOf', { name: automation.name })}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
        >
          {t('automations.delete')}
          <span className="sr-only"> {automation.name}</span>
        </Button>
      </div>
    </li>
  );
}
