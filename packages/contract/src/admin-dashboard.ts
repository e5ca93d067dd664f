import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';
import { userSchema } from './auth.ts';

/** One signal of the admin dashboard's system health (issue 10): its value, verdict and weight. */
export const HEALTH_CHECK_NAMES = [
  'database_latency',
  'devices_online',
  'failed_payments',
  'server_errors',
  'overdue_installations',
  'device_messages',
  'broker_security',
] as const;
export type HealthCheckName = (typeof HEALTH_CHECK_NAMES)[number];

export const healthCheckSchema = z.object({
  name: z.enum(HEALTH_CHECK_NAMES),
  label: z.string(),
  /** The measured value, in `unit`. */
  value: z.number(),
  unit: z.enum(['ms', 'percent', 'count']),
  /** What the value means for this check, 0 (failing) to 1 (healthy). */
  score: z.number().min(0).max(1),
  status: z.enum(['ok', 'warning', 'failing']),
  /** Share of the overall score (the weights add up to 100). */
  weight: z.number().int(),
  detail: z.string(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/** GET /api/admin/dashboard (spec section 3 "Dashboard statistics", admin; issue 10). */
export const adminDashboardSchema = z.object({
  statistics: z.object({
    total_users: z.number().int(),
    total_devices: z.number().int(),
    active_sessions: z.number().int(),
  }),
  recentActivity: z.array(auditEntrySchema),
  systemHealth: z.object({ score: z.number().int().min(0).max(100), checks: z.array(healthCheckSchema) }),
  /** The first page of users, newest first (the spec's users page reads its first list from here). */
  users: z.array(userSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
