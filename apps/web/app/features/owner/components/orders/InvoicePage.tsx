import { SELLER, type OwnerOrder } from '@isaac/contract';
import { ArrowLeft, FileText, Printer } from 'lucide-react';
import { Button, ButtonLink, EmptyState, ErrorState } from '~/components/ui';
import { OWNER_PATHS } from '~/lib/paths';
import { useMyOrders } from '../../api/list-orders';
import { HALF_GST_RATE_PERCENT, formatInvoiceAmount as inr, invoiceOf } from '../../model/invoice';
import { formatDay, hasInvoice } from '../../model/orders';
import { ORDERS_TEXT } from './OrdersPage';

/** A4 with a printer's margin; the dashboard shell hides its own parts when printing (print:hidden). */
const PRINT_PAGE_CSS = '@page { size: A4; margin: 12mm; }';

/** /owner/orders/:id/invoice: the order's tax invoice, printable (Print, or the browser's own print). */
export function InvoicePage({ orderId }: { orderId: string }) {
  const list = useMyOrders();
  const order = list.data?.orders.find((o) => o._id === orderId);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <ButtonLink
          to={OWNER_PATHS.orders}
          variant="ghost"
          size="sm"
          icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />}
        >
          Back to orders
        </ButtonLink>
        {order && hasInvoice(order) ? (
          <Button onClick={() => window.print()} icon={<Printer aria-hidden="true" className="h-4 w-4" />}>
            Print
          </Button>
        ) : null}
      </div>
      {list.isPending ? (
        <div
          role="status"
          aria-busy="true"
          className="rounded-xl border border-slate-700 p-6 text-sm text-slate-400"
        >
          Loading the invoice…
        </div>
      ) : list.isError ? (
        <ErrorState
          title={ORDERS_TEXT.loadError}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : !order ? (
        <EmptyState icon={FileText} title="Order not found" description="This order is not one of yours." />
      ) : !hasInvoice(order) ? (
        <EmptyState
          icon={FileText}
          title="No invoice yet"
          description="An order has its invoice once it is paid."
        />
      ) : (
        <TaxInvoice order={order} />
      )}
    </div>
  );
}

/** The invoice itself: a white A4 sheet on screen, the page itself when printed. */
export function TaxInvoice({ order }: { order: OwnerOrder }) {
  const invoice = invoiceOf(order);
  const cell = 'border-b border-slate-200 px-1.5 py-1.5 align-top';
  const number = 'text-right tabular-nums';
  return (
    <article
      aria-label="Tax invoice"
      className="mx-auto max-w-[210mm] rounded-lg bg-white p-6 text-sm text-slate-900 shadow-lg sm:p-10 print:max-w-none print:rounded-none print:p-0 print:shadow-none"
    >
      <style>{PRINT_PAGE_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-6 border-b-2 border-slate-900 pb-4">
        <div className="max-w-xs">
          <p className="text-base font-bold">{SELLER.name}</p>
          <p className="text-slate-700">{SELLER.address}</p>
          <p className="mt-1">
            GSTIN: <span className="font-mono">{SELLER.gstin}</span>
          </p>
          <p>
            State: {SELLER.state}, Code: {SELLER.stateCode}
          </p>
        </div>
        <div className="text-right">
          <h2 className="text-xl font-bold tracking-wide uppercase">Tax invoice</h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-3 gap-y-0.5 text-left">
            <dt className="text-slate-600">Invoice no.</dt>
            <dd className="font-mono">{invoice.number}</dd>
            <dt className="text-slate-600">Invoice date</dt>
            <dd>{invoice.date ? <time dateTime={invoice.date}>{formatDay(invoice.date)}</time> : '—'}</dd>
            <dt className="text-slate-600">Order</dt>
            <dd className="font-mono break-all">{order.order_id}</dd>
            <dt className="text-slate-600">Payment</dt>
            <dd className="font-mono break-all">{order.payment_id ?? '—'}</dd>
          </dl>
        </div>
      </header>

      <section aria-labelledby="invoice-buyer" className="py-4">
        <h3 id="invoice-buyer" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Bill to
        </h3>
        <p className="font-semibold">{order.customer_name}</p>
        <p>{order.customer_email}</p>
        {order.customer_phone ? <p>{order.customer_phone}</p> : null}
        {order.address ? (
          <p>
            {order.address.address}, {order.address.city} {order.address.pincode}
          </p>
        ) : null}
      </section>

      <div className="overflow-x-auto print:overflow-visible">
        <table className="w-full min-w-[40rem] border-collapse text-xs print:min-w-0">
          <caption className="sr-only">Invoice lines</caption>
          <thead>
            <tr className="border-b-2 border-slate-900 text-left">
              <th scope="col" className="px-1.5 py-1.5">
                #
              </th>
              <th scope="col" className="px-1.5 py-1.5">
                Description
              </th>
              <th scope="col" className="px-1.5 py-1.5">
                HSN/SAC
              </th>
              <th scope="col" className={`px-1.5 py-1.5 ${number}`}>
                Qty
              </th>
              <th scope="col" className={`px-1.5 py-1.5 ${number}`}>
                Unit price (incl. GST)
              </th>
              <th scope="col" className={`px-1.5 py-1.5 ${number}`}>
                Taxable value
              </th>
              <th scope="col" className={`px-1.5 py-1.5 ${number}`}>
                CGST {HALF_GST_RATE_PERCENT}%
              </th>
              <th scope="col" className={`px-1.5 py-1.5 ${number}`}>
                SGST {HALF_GST_RATE_PERCENT}%
              </th>
              <th scope="col" className={`px-1.5 py-1.5 ${number}`}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={index}>
                <td className={cell}>{index + 1}</td>
                <th scope="row" className={`${cell} text-left font-normal`}>
                  {line.description}
                </th>
                <td className={`${cell} font-mono`}>{line.hsn}</td>
                <td className={`${cell} ${number}`}>{line.quantity}</td>
                <td className={`${cell} ${number}`}>{inr(line.unitPaise)}</td>
                <td className={`${cell} ${number}`}>{inr(line.taxablePaise)}</td>
                <td className={`${cell} ${number}`}>{inr(line.cgstPaise)}</td>
                <td className={`${cell} ${number}`}>{inr(line.sgstPaise)}</td>
                <td className={`${cell} ${number}`}>{inr(line.totalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl
        aria-label="Invoice totals"
        className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums"
      >
        <dt>Taxable value</dt>
        <dd className="text-right">{inr(invoice.taxablePaise)}</dd>
        <dt>CGST {HALF_GST_RATE_PERCENT}%</dt>
        <dd className="text-right">{inr(invoice.cgstPaise)}</dd>
        <dt>SGST {HALF_GST_RATE_PERCENT}%</dt>
        <dd className="text-right">{inr(invoice.sgstPaise)}</dd>
        <dt className="border-t-2 border-slate-900 pt-1 text-base font-bold">Total</dt>
        <dd className="border-t-2 border-slate-900 pt-1 text-right text-base font-bold">
          {inr(invoice.totalPaise)}
        </dd>
      </dl>

      {order.refunded_at ? (
        <p className="mt-4 rounded border border-amber-400 bg-amber-50 px-3 py-2 text-amber-900">
          This order was refunded on <time dateTime={order.refunded_at}>{formatDay(order.refunded_at)}</time>.
        </p>
      ) : null}
      <footer className="mt-8 border-t border-slate-200 pt-3 text-xs text-slate-600">
        Prices include GST. Supply within {SELLER.state}: CGST and SGST at {HALF_GST_RATE_PERCENT}% each. This
        is a computer-generated invoice and needs no signature.
      </footer>
    </article>
  );
}
