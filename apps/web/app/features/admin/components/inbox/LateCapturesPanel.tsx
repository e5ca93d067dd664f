import { formatInr, LATE_CAPTURE_REASON_LABELS } from '@isaac/contract';
import { Undo2 } from 'lucide-react';
import { Button } from '~/components/ui';
import { useLateCaptures, useRefundLateCapture } from '../../api/late-captures';

/**
 * Above the orders: payments captured for a cancelled or refunded order, or a second payment of a paid order or
 * quote (issue 29). They were never applied to their order; each is refunded with one click. Shown only while
 * some wait for their refund.
 */
export function LateCapturesPanel() {
  const captures = useLateCaptures();
  const refund = useRefundLateCapture();
  const open = captures.data?.late_captures.filter((capture) => capture.refunded_at === null) ?? [];
  if (open.length === 0) return null;
  return (
    <section
      aria-labelledby="late-captures-title"
      className="mb-4 rounded-xl border border-amber-500/60 bg-amber-500/10 p-4"
    >
      <h2 id="late-captures-title" className="text-base font-semibold text-amber-200">
        Payments to refund ({open.length})
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Captured for an order that could not take them. The order stays as it is; refund each payment.
      </p>
      <ul className="mt-3 space-y-2">
        {open.map((capture) => (
          <li
            key={capture._id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-900/60 px-3 py-2 text-sm"
          >
            <div>
              <p className="font-medium text-amber-100">{LATE_CAPTURE_REASON_LABELS[capture.reason]}</p>
              <p className="text-slate-300">
                {formatInr(capture.amount)} from {capture.customer_name || capture.customer_email} · order{' '}
                <span className="font-mono">{capture.order_id}</span> · payment{' '}
                <span className="font-mono">{capture.payment_id}</span>
              </p>
            </div>
            <Button
              size="sm"
              variant="danger"
              loading={refund.isPending && refund.variables === capture._id}
              disabled={refund.isPending}
              onClick={() => refund.mutate(capture._id)}
              icon={<Undo2 aria-hidden="true" className="h-4 w-4" />}
              aria-label={`Refund ${formatInr(capture.amount)} to ${capture.customer_name || capture.customer_email}`}
            >
              Refund
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
