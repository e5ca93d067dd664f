import type { Invoice } from '@isaac/contract';
import { ArrowLeft, Download, FileText, Printer } from 'lucide-react';
import { Button, ButtonLink, EmptyState, ErrorState } from '~/components/ui';
import { OWNER_PATHS } from '~/lib/paths';
import { useDownloadInvoicePdf, useInvoice } from '../../api/invoice';
import { useMyOrders } from '../../api/list-orders';
import { formatInvoiceAmount as inr } from '../../model/invoice';
import { formatDay, hasInvoice } from '../../model/orders';
import { useOwnerT } from '~/lib/i18n/owner-texts';

/** A4 with a printer's margin; the dashboard shell hides its own parts when printing (print:hidden). */
const PRINT_PAGE_CSS = '@page { size: A4; margin: 12mm; }';

/**
 * /owner/orders/:id/invoice: the order's tax invoice as the server issued it (GET /api/orders/:id/invoice: the
 * seller from the settings, the place of supply, HSN/SAC per line, CGST + SGST or IGST), printable (Print, or
 * the browser's own print) and downloadable as the server's PDF.
 */
export function InvoicePage({ orderId }: { orderId: string }) {
  const list = useMyOrders();
  const order = list.data?.orders.find((o) => o._id === orderId);
  const invoiced = order !== undefined && hasInvoice(order);
  const invoice = useInvoice(orderId, invoiced);
  const { t } = useOwnerT();
  const download = useDownloadInvoicePdf();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <ButtonLink
          to={OWNER_PATHS.orders}
          variant="ghost"
          size="sm"
          icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />}
        >
          {t('invoice.back')}
        </ButtonLink>
        {invoice.data ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              loading={download.isPending}
              onClick={() => download.mutate({ orderId, number: invoice.data.number })}
              icon={<Download aria-hidden="true" className="h-4 w-4" />}
            >
              {t('invoice.pdf')}
            </Button>
            <Button onClick={() => window.print()} icon={<Printer aria-hidden="true" className="h-4 w-4" />}>
              {t('invoice.print')}
            </Button>
          </div>
        ) : null}
      </div>
      {list.isPending || (invoiced && invoice.isPending) ? (
        <div
          role="status"
          aria-busy="true"
          className="rounded-xl border border-slate-700 p-6 text-sm text-slate-400"
        >
          {t('invoice.loading')}
        </div>
      ) : list.isError ? (
        <ErrorState
          title={t('orders.loadError')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : !order ? (
        <EmptyState icon={FileText} title={t('invoice.notFound')} description={t('invoice.notYours')} />
      ) : !invoiced ? (
        <EmptyState icon={FileText} title={t('invoice.none')} description={t('invoice.noneText')} />
      ) : invoice.isError ? (
        <ErrorState
          title={t('invoice.loadFailed')}
          message={invoice.error.message}
          onRetry={() => void invoice.refetch()}
          retrying={invoice.isFetching}
        />
      ) : invoice.data ? (
        <TaxInvoice invoice={invoice.data} />
      ) : null}
    </div>
  );
}

/** The invoice itself: a white A4 sheet on screen, the page itself when printed. */
export function TaxInvoice({ invoice }: { invoice: Invoice }) {
  const cell = 'border-b border-slate-200 px-1.5 py-1.5 align-top';
  const number = 'text-right tabular-nums';
  const intra = invoice.tax_kind === 'intra';
  const half = invoice.rate_percent / 2;
  const taxColumns = intra ? [`CGST ${half}%`, `SGST ${half}%`] : [`IGST ${invoice.rate_percent}%`];
  const { seller, buyer } = invoice;
  return (
    <article
      aria-label="Tax invoice"
      className="mx-auto max-w-[210mm] rounded-lg bg-white p-6 text-sm text-slate-900 shadow-lg sm:p-10 print:max-w-none print:rounded-none print:p-0 print:shadow-none"
    >
      <style>{PRINT_PAGE_CSS}</style>
      <header className="flex flex-wrap items-start justify-between gap-6 border-b-2 border-slate-900 pb-4">
        <div className="max-w-xs">
          <p className="text-base font-bold">{seller.legal_name}</p>
          <p className="text-slate-700">{seller.address}</p>
          <p className="mt-1">
            GSTIN: <span className="font-mono">{seller.gstin}</span>
          </p>
          <p>
            State: {seller.state}, Code: {seller.state_code}
          </p>
        </div>
        <div className="text-right">
          <h2 className="text-xl font-bold tracking-wide uppercase">Tax invoice</h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-3 gap-y-0.5 text-left">
            <dt className="text-slate-600">Invoice no.</dt>
            <dd className="font-mono">{invoice.number}</dd>
            <dt className="text-slate-600">Invoice date</dt>
            <dd>
              <time dateTime={invoice.date}>{formatDay(invoice.date)}</time>
            </dd>
            <dt className="text-slate-600">Order</dt>
            <dd className="font-mono break-all">{invoice.order_id}</dd>
            <dt className="text-slate-600">Payment</dt>
            <dd className="font-mono break-all">{invoice.payment_id ?? '—'}</dd>
          </dl>
        </div>
      </header>

      <section aria-labelledby="invoice-buyer" className="py-4">
        <h3 id="invoice-buyer" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Bill to
        </h3>
        <p className="font-semibold">{buyer.name}</p>
        <p>{buyer.email}</p>
        {buyer.phone ? <p>{buyer.phone}</p> : null}
        {buyer.address ? (
          <p>
            {buyer.address.address}, {buyer.address.city} {buyer.address.pincode}
          </p>
        ) : null}
        <p className="mt-1">
          Place of supply: {invoice.place_of_supply.state} ({invoice.place_of_supply.state_code})
        </p>
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
              {taxColumns.map((label) => (
                <th key={label} scope="col" className={`px-1.5 py-1.5 ${number}`}>
                  {label}
                </th>
              ))}
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
                <td className={`${cell} ${number}`}>{inr(line.unit_amount)}</td>
                <td className={`${cell} ${number}`}>{inr(line.taxable)}</td>
                {intra ? (
                  <>
                    <td className={`${cell} ${number}`}>{inr(line.cgst)}</td>
                    <td className={`${cell} ${number}`}>{inr(line.sgst)}</td>
                  </>
                ) : (
                  <td className={`${cell} ${number}`}>{inr(line.igst)}</td>
                )}
                <td className={`${cell} ${number}`}>{inr(line.total)}</td>
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
        <dd className="text-right">{inr(invoice.totals.taxable)}</dd>
        {intra ? (
          <>
            <dt>CGST {half}%</dt>
            <dd className="text-right">{inr(invoice.totals.cgst)}</dd>
            <dt>SGST {half}%</dt>
            <dd className="text-right">{inr(invoice.totals.sgst)}</dd>
          </>
        ) : (
          <>
            <dt>IGST {invoice.rate_percent}%</dt>
            <dd className="text-right">{inr(invoice.totals.igst)}</dd>
          </>
        )}
        <dt className="border-t-2 border-slate-900 pt-1 text-base font-bold">Total</dt>
        <dd className="border-t-2 border-slate-900 pt-1 text-right text-base font-bold">
          {inr(invoice.totals.total)}
        </dd>
      </dl>

      {invoice.refunded_at ? (
        <p className="mt-4 rounded border border-amber-400 bg-amber-50 px-3 py-2 text-amber-900">
          This order was refunded on{' '}
          <time dateTime={invoice.refunded_at}>{formatDay(invoice.refunded_at)}</time>.
        </p>
      ) : null}
      <footer className="mt-8 border-t border-slate-200 pt-3 text-xs text-slate-600">
        Prices include GST.{' '}
        {intra
          ? `Supply within ${seller.state}: CGST and SGST at ${half}% each.`
          : `Supply to ${invoice.place_of_supply.state}: IGST at ${invoice.rate_percent}%.`}{' '}
        This is a computer-generated invoice and needs no signature.
      </footer>
    </article>
  );
}
