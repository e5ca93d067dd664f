import type { OrderStatus, OwnerOrder } from '@isaac/contract';
import { FileText, MapPin, Wrench } from 'lucide-react';
import { Badge, type BadgeTone, ButtonLink } from '~/components/ui';
import { ownerLinks } from '~/lib/paths';
import { formatDay, hasInvoice, installationText, orderItemsText } from '../../model/orders';
import { useOwnerT } from '~/lib/i18n/owner-texts';
import { Rich } from '~/lib/i18n/rich';
import { formatRupees } from '~/lib/format';

const STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  created: 'slate',
  attempted: 'red',
  paid: 'green',
  cancelled: 'slate',
  refunded: 'yellow',
};

/** One order: what was bought, the amount, its status in words, the payment, the installation and the invoice. */
export function OrderCard({ order }: { order: OwnerOrder }) {
  const items = orderItemsText(order);
  const { t } = useOwnerT();
  const installation = installationText(order, t);
  return (
    <article
      aria-label={t('orders.orderOf', { date: formatDay(order.created_at), items })}
      className="flex h-full w-full flex-col gap-3 rounded-xl border border-slate-700 bg-slate-800/60 p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-white">{items}</h3>
          <p className="text-sm text-slate-400">
            <Rich
              text={t('orders.orderedOn', { date: formatDay(order.created_at) })}
              tags={{ time: (chunk) => <time dateTime={order.created_at}>{chunk}</time> }}
            />
          </p>
        </div>
        <Badge tone={STATUS_TONES[order.status]} className="shrink-0 whitespace-nowrap">
          {t(`orders.status.${order.status}`)}
        </Badge>
      </div>
      <p className="text-xl font-semibold text-white tabular-nums">{formatRupees(order.amount)}</p>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-400">{t('orders.payment')}</dt>
          <dd className="font-mono text-xs leading-5 break-all text-slate-200">{order.payment_id ?? '—'}</dd>
        </div>
        {order.refunded_at ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-400">{t('orders.refunded')}</dt>
            <dd className="text-slate-200">
              <time dateTime={order.refunded_at}>{formatDay(order.refunded_at)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {installation ? (
        <p className="flex items-center gap-2 text-sm text-sky-200">
          <Wrench aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span>{installation}</span>
        </p>
      ) : null}
      {order.address ? (
        <p className="flex items-start gap-2 text-sm text-slate-400">
          <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            {order.address.address}, {order.address.city} {order.address.pincode}
          </span>
        </p>
      ) : null}
      {hasInvoice(order) ? (
        <div className="mt-auto pt-1">
          <ButtonLink
            to={ownerLinks.invoice(order._id)}
            variant="outline"
            size="sm"
            icon={<FileText aria-hidden="true" className="h-4 w-4" />}
            aria-label={t('orders.invoiceFor', { items })}
          >
            {t('orders.invoice')}
          </ButtonLink>
        </div>
      ) : null}
    </article>
  );
}

export function OrderCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="h-48 animate-pulse rounded-xl border border-slate-700 bg-slate-800/40"
    />
  );
}
