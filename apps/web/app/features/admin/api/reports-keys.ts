import type { ReportBucket } from '@isaac/contract';

/** Query keys of the admin reports screen. */
export const reportKeys = {
  all: ['admin', 'reports'] as const,
  report: (from: string, to: string, bucket: ReportBucket) =>
    ['admin', 'reports', { from, to, bucket }] as const,
};
