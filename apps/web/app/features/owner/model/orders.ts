import { businessDate, type OwnerOrder } from '@isaac/contract';
import { formatCalendarDate } from '~/lib/format';
import type { TFunction } from 'i18next';

/** 'Lumos 2-gang × 3, ISAAC Air Purifier' — what was bought (the product note when there are no items). */
export function orderItemsText(order: Pick<OwnerOrder, 'items' | 'product'>): string {
  if (order.items.length === 0) return order.product;
  return order.items
    .map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name))
    .join(', ');
}

/** The calendar day (business time zone) of an instant, in words: '4 Mar 2031'. */
export function formatDay(iso: string | null): string {
  if (!iso) return '—';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatCalendarDate(businessDate(at));
}

/** Where the order's installation stands, in words; null when the order has no installation job. */
export function installationLine(order: Pick<OwnerOrder, 'installation'>): string | null {
  const installation = order.installation;
  if (!installation) return null;
  switch (installation.state) {
    case 'unassigned':
      return 'Installation being scheduled';
    case 'scheduled':
      return `Installation on ${formatCalendarDate(installation.date)}${
        installation.electrician ? ` with ${installation.electrician}` : ''
      }`;
    case 'in_progress':
      return 'Installation in progress';
    case 'completed':
      return `Installed on ${installation.completed_at ? formatDay(installation.completed_at) : formatCalendarDate(installation.date)}`;
    case 'cancelled':
      return 'Cancelled';
  }
}

/** `installationLine` in the language shown (the card's line). */
export function installationText(
  order: Pick<OwnerOrder, 'installation'>,
  t: TFunction<['owner', 'common', 'messages']>,
): string | null {
  const installation = order.installation;
  if (!installation) return null;
  switch (installation.state) {
    case 'scheduled':
      return installation.electrician
        ? t('orders.installation.scheduledWith', {
            date: formatCalendarDate(installation.date),
            electrician: installation.electrician,
          })
        : t('orders.installation.scheduled', { date: formatCalendarDate(installation.date) });
    case 'completed':
      return t('orders.installation.completed', {
        date: installation.completed_at
          ? formatDay(installation.completed_at)
          : formatCalendarDate(installation.date),
      });
    default:
      return t(`orders.installation.${installation.state}`);
  }
}

/** A paid order has a tax invoice (a refunded one keeps it: the refund is noted on it). */
export function hasInvoice(order: Pick<OwnerOrder, 'status' | 'paid_at'>): boolean {
  return (order.status === 'paid' || order.status === 'refunded') && order.paid_at !== null;
}
