import { type HealthCheck, ADMIN_MSG } from '@isaac/contract';
import type { QueryClient } from '@tanstack/react-query';
import {
  Activity,
  BarChart3,
  ClipboardCheck,
  Cpu,
  HeartPulse,
  Inbox,
  KeyRound,
  ShoppingCart,
  Users,
  Wrench,
} from 'lucide-react';
import {
  Badge,
  EmptyState,
  ErrorState,
  Panel,
  PanelLoading,
  QuickAction,
  StatCard,
  type BadgeTone,
} from '~/components/ui';
import { ADMIN_PATHS } from '~/lib/paths';
import { adminDashboardQuery, useAdminDashboard } from '../../api/get-dashboard';
import { ActivityItem } from '../activity/ActivityItem';

/** Starts the dashboard's request (the query the page reads) without waiting for it. */
export function prefetchAdminDashboard(client: QueryClient): void {
  void client.prefetchQuery(adminDashboardQuery());
}

const STATUS_TONES: Record<HealthCheck['status'], BadgeTone> = {
  ok: 'green',
  warning: 'yellow',
  failing: 'red',
};
const STATUS_LABELS: Record<HealthCheck['status'], string> = {
  ok: 'OK',
  warning: 'Warning',
  failing: 'Failing',
};

function healthAccent(score: number) {
  return score >= 80 ? 'emerald' : score >= 50 ? 'amber' : 'rose';
}

function formatCheckValue(check: HealthCheck): string {
  if (check.unit === 'ms') return `${check.value} ms`;
  if (check.unit === 'percent') return `${check.value}%`;
  return String(check.value);
}

/** /admin/dashboard: totals, system health with its checks, recent activity and quick actions. */
export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const data = dashboard.data;

  if (dashboard.isError) {
    return (
      <ErrorState
        title={ADMIN_MSG.loadAdminDashboard}
        message={dashboard.error.message}
        onRetry={() => void dashboard.refetch()}
        retrying={dashboard.isFetching}
      />
    );
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="admin-stats-heading">
        <h2 id="admin-stats-heading" className="sr-only">
          Overview
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={dashboard.isPending}>
          <StatCard
            label="Total Users"
            value={data?.statistics.total_users ?? 0}
            icon={Users}
            loading={!data}
          />
          <StatCard
            label="Total Devices"
            value={data?.statistics.total_devices ?? 0}
            icon={Cpu}
            accent="violet"
            loading={!data}
          />
          <StatCard
            label="Active Sessions"
            value={data?.statistics.active_sessions ?? 0}
            icon={KeyRound}
            accent="amber"
            loading={!data}
          />
          <StatCard
            label="System Health"
            value={data ? `${data.systemHealth.score}%` : 0}
            icon={HeartPulse}
            accent={healthAccent(data?.systemHealth.score ?? 100)}
            hint={data ? healthHint(data.systemHealth.checks) : undefined}
            loading={!data}
          />
        </div>
      </section>

      <section aria-labelledby="admin-actions-heading">
        <h2 id="admin-actions-heading" className="mb-3 text-base font-semibold text-white">
          Quick actions
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          <QuickAction
            to={ADMIN_PATHS.users}
            icon={Users}
            title="Manage Users"
            text="Add, edit and remove accounts"
          />
          <QuickAction
            to={ADMIN_PATHS.devices}
            icon={Cpu}
            title="Devices"
            text="Devices, firmware and assignment"
          />
          <QuickAction
            to={ADMIN_PATHS.electricians}
            icon={Wrench}
            title="Electricians"
            text="Assign customers and devices"
          />
          <QuickAction
            to={ADMIN_PATHS.installations}
            icon={ClipboardCheck}
            title="Installations"
            text="Schedule paid orders' installations"
          />
          <QuickAction
            to={ADMIN_PATHS.reports}
            icon={BarChart3}
            title="Reports"
            text="Orders, users and installs"
          />
          <QuickAction
            to={ADMIN_PATHS.orders}
            icon={ShoppingCart}
            title="Orders"
            text="Shop orders and payments"
          />
          <QuickAction
            to={ADMIN_PATHS.messages}
            icon={Inbox}
            title="Messages"
            text="Contact-form messages to answer"
          />
        </ul>
      </section>

      <div className="grid gap-6 xl:grid-cols-2">
        <Panel id="admin-recent-activity" title="Recent activity" viewAll={ADMIN_PATHS.activity}>
          {!data ? (
            <PanelLoading label="Loading recent activity…" />
          ) : data.recentActivity.length === 0 ? (
            <EmptyState icon={Activity} title={ADMIN_MSG.noRecentActivity} />
          ) : (
            <ul className="divide-y divide-slate-700/70">
              {data.recentActivity.map((entry) => (
                <ActivityItem key={entry._id} entry={entry} />
              ))}
            </ul>
          )}
        </Panel>

        <Panel id="admin-system-health" title="System health">
          {!data ? (
            <PanelLoading label="Loading system health…" />
          ) : (
            <ul className="divide-y divide-slate-700/70">
              {data.systemHealth.checks.map((check) => (
                <li key={check.name} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-white">{check.label}</p>
                    <p className="text-xs text-slate-400">{check.detail}</p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <Badge tone={STATUS_TONES[check.status]}>{STATUS_LABELS[check.status]}</Badge>
                    <span className="text-xs text-slate-400">
                      {formatCheckValue(check)} · weight {check.weight}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}

function healthHint(checks: HealthCheck[]): string {
  const failing = checks.filter((c) => c.status !== 'ok').length;
  return failing === 0 ? 'All checks OK' : `${failing} check${failing === 1 ? ' needs' : 's need'} attention`;
}
