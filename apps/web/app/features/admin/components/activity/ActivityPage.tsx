import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_CHANNELS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditChannel,
  type AuditEntityType,
  ADMIN_MSG,
} from '@isaac/contract';
import { Activity, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ListBody } from '~/components/list';
import { Button, byTime, DateField, SelectField, SortSelect, type SortOption } from '~/components/ui';
import type { ActivityFilters } from '../../api/keys';
import { useActivityFeed } from '../../api/list-activity';
import { CHANNEL_LABELS, ENTITY_LABELS } from '../../model/activity';
import { ActivityItem } from './ActivityItem';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));
const ENTITY_OPTIONS = AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: ENTITY_LABELS[type] }));
const CHANNEL_OPTIONS = AUDIT_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] }));
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The feed's order: by time only (the API's `order`; newest first is the default, left out of the URL). */
const ORDER_OPTIONS: SortOption[] = [...byTime('at')];

function pick<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.find((item) => item === value);
}

/** A YYYY-MM-DD day of the URL as the API's date-time: the start (or end) of that day, local time. */
function dayBound(day: string | null, end: boolean): string | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The feed's filters as the URL holds them (shareable, kept on reload and Back). */
export function filtersFromSearch(params: URLSearchParams): ActivityFilters {
  const filters: ActivityFilters = {
    action: pick<AuditAction>(AUDIT_ACTIONS, params.get('action')),
    entity_type: pick<AuditEntityType>(AUDIT_ENTITY_TYPES, params.get('entity_type')),
    channel: pick<AuditChannel>(AUDIT_CHANNELS, params.get('channel')),
    actor_id: params.get('actor_id') || undefined,
    entity_id: params.get('entity_id') || undefined,
    from: dayBound(params.get('from'), false),
    to: dayBound(params.get('to'), true),
    order: params.get('order') === 'asc' ? 'asc' : undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
}

const FILTER_KEYS = ['action', 'entity_type', 'channel', 'actor_id', 'entity_id', 'from', 'to'] as const;

/** /admin/activity: the product's activity log, filtered, newest first, with each entry's details. */
export function ActivityPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const feed = useActivityFeed(filters);
  const hasFilter = FILTER_KEYS.some((key) => searchParams.get(key));
  const fromDay = searchParams.get('from') ?? '';
  const toDay = searchParams.get('to') ?? '';
  const rangeError = fromDay && toDay && fromDay > toDay ? "'From' must not be after 'To'" : undefined;

  const setFilter = (key: (typeof FILTER_KEYS)[number] | 'order', value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <div
        role="group"
        aria-label="Filter activity"
        className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:flex xl:flex-wrap xl:items-end"
      >
        <SelectField
          label="Action"
          className="col-span-2 md:col-span-1 xl:w-60"
          placeholder="All actions"
          options={ACTION_OPTIONS}
          value={filters.action ?? ''}
          onChange={(event) => setFilter('action', event.target.value)}
        />
        <SelectField
          label="Entity"
          className="xl:w-44"
          placeholder="All entities"
          options={ENTITY_OPTIONS}
          value={filters.entity_type ?? ''}
          onChange={(event) => setFilter('entity_type', event.target.value)}
        />
        <SelectField
          label="Channel"
          className="xl:w-36"
          placeholder="All channels"
          options={CHANNEL_OPTIONS}
          value={filters.channel ?? ''}
          onChange={(event) => setFilter('channel', event.target.value)}
        />
        <DateField
          label="From"
          className="xl:w-44"
          value={fromDay}
          error={rangeError}
          onChange={(day) => setFilter('from', day)}
        />
        <DateField label="To" className="xl:w-44" value={toDay} onChange={(day) => setFilter('to', day)} />
        <SortSelect
          label="Order"
          className="xl:w-40"
          options={ORDER_OPTIONS}
          sort="at"
          order={filters.order ?? 'desc'}
          onChange={(_sort, order) => setFilter('order', order === 'asc' ? 'asc' : '')}
        />
        {hasFilter ? (
          <Button
            variant="ghost"
            className="col-span-2 justify-self-start"
            onClick={() =>
              setSearchParams(new URLSearchParams(filters.order ? { order: filters.order } : {}), {
                replace: true,
              })
            }
            icon={<X aria-hidden="true" className="h-4 w-4" />}
          >
            Clear filters
          </Button>
        ) : null}
      </div>

      <section
        aria-labelledby="activity-feed-heading"
        className="rounded-xl border border-slate-700/80 bg-slate-800/40 p-4 sm:p-5"
      >
        <h2 id="activity-feed-heading" className="mb-4 text-base font-semibold text-white">
          Activity
        </h2>
        {rangeError ? (
          <p className="text-sm text-slate-400">Choose a 'From' day on or before the 'To' day.</p>
        ) : (
          <ListBody
            query={feed}
            items={(data) => data.pages.flatMap((page) => page.entries)}
            noun="activity"
            loadingLabel="Loading activity…"
            errorTitle={ADMIN_MSG.loadActivity}
            empty={{
              icon: Activity,
              title: hasFilter ? 'No activity matches these filters' : ADMIN_MSG.noRecentActivity,
              text: '',
            }}
          >
            {(entries) => (
              <>
                <ul className="divide-y divide-slate-700/70" aria-busy={feed.isFetchingNextPage}>
                  {entries.map((entry) => (
                    <ActivityItem key={entry._id} entry={entry} detailed />
                  ))}
                </ul>
                {feed.hasNextPage ? (
                  <div className="mt-4 flex justify-center">
                    <Button
                      variant="outline"
                      onClick={() => void feed.fetchNextPage()}
                      loading={feed.isFetchingNextPage}
                    >
                      Load more
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </ListBody>
        )}
      </section>
    </div>
  );
}
