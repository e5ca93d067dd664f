import type { Invoice } from '@isaac/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { InvoicePage } from './InvoicePage';
import { makeOwnerOrder } from './orders-factories';

setupPageTests();

const SLOW = { timeout: 5000 };
const SELLER = {
  legal_name: 'Isaac Technologies Private Limited',
  address: '3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
  state: 'Karnataka',
  state_code: '29',
  gstin: '29AAECI1234F1ZU',
};

/** The server's invoice of order ord1: within Karnataka (CGST + SGST), or to Maharashtra (IGST). */
function invoiceOf(taxKind: 'intra' | 'inter'): Invoice {
  const intra = taxKind === 'intra';
  return {
    number: 'IS3031-000042',
    date: '2031-03-01T06:31:00.000Z',
    financial_year: '2030-31',
    order_id: 'order_1001',
    payment_id: 'pay_1001',
    seller: SELLER,
    buyer: {
      name: 'Meera Iyer',
      email: 'meera@isaac.demo',
      phone: '',
      address: intra
        ? { city: 'Bengaluru', pincode: '560038', address: '4 CMH Road' }
        : { city: 'Pune', pincode: '411001', address: '4 Camp Road' },
    },
    place_of_supply: intra
      ? { state: 'Karnataka', state_code: '29' }
      : { state: 'Maharashtra', state_code: '27' },
    tax_kind: taxKind,
    rate_percent: 18,
    lines: [
      {
        description: 'ISAAC',
        hsn: '8421',
        quantity: 1,
        unit_amount: 2_999_900,
        taxable: 2_542_288,
        cgst: intra ? 228_806 : 0,
        sgst: intra ? 228_806 : 0,
        igst: intra ? 0 : 457_612,
        total: 2_999_900,
      },
    ],
    totals: {
      taxable: 2_542_288,
      cgst: intra ? 228_806 : 0,
      sgst: intra ? 228_806 : 0,
      igst: intra ? 0 : 457_612,
      total: 2_999_900,
    },
    refunded_at: null,
  };
}

const ordersApi = (orders: unknown[], invoice: Invoice = invoiceOf('intra')) =>
  fakeApi([
    ({ path }) =>
      path === '/api/orders'
        ? json(200, { orders, page: 1, page_size: 12, total: orders.length })
        : undefined,
    ({ path }) => (path === '/api/orders/ord1/invoice' ? json(200, invoice) : undefined),
  ]);
const show = (api: ReturnType<typeof fakeApi>, id = 'ord1') =>
  renderPage(<InvoicePage orderId={id} />, {
    api,
    path: '/owner/orders/:id/invoice',
    url: `/owner/orders/${id}/invoice`,
  });

describe('Owner → Invoice', () => {
  it('shows the invoice the server issued: seller from the settings, buyer, number, HSN per line, CGST + SGST; Print prints', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    show(ordersApi([makeOwnerOrder()]));
    const invoice = await screen.findByRole('article', { name: 'Tax invoice' }, SLOW);
    expect(invoice).toHaveTextContent(SELLER.legal_name);
    expect(invoice).toHaveTextContent(SELLER.address);
    expect(invoice).toHaveTextContent(`GSTIN: ${SELLER.gstin}`);
    expect(invoice).toHaveTextContent('State: Karnataka, Code: 29');
    expect(invoice).toHaveTextContent('Meera Iyer');
    expect(invoice).toHaveTextContent('meera@isaac.demo');
    expect(invoice).toHaveTextContent('4 CMH Road, Bengaluru 560038');
    expect(invoice).toHaveTextContent('Place of supply: Karnataka (29)');
    expect(invoice).toHaveTextContent('IS3031-000042');
    expect(invoice).toHaveTextContent('1 Mar 2031');

    const row = within(invoice).getByRole('row', { name: /ISAAC/ });
    expect(row).toHaveTextContent('8421');
    expect(row).toHaveTextContent('₹25,422.88');
    expect(row).toHaveTextContent('₹2,288.06');
    const totals = within(invoice).getByLabelText('Invoice totals');
    expect(totals).toHaveTextContent('Taxable value₹25,422.88');
    expect(totals).toHaveTextContent('CGST 9%₹2,288.06');
    expect(totals).toHaveTextContent('SGST 9%₹2,288.06');
    expect(totals).not.toHaveTextContent('IGST');
    expect(totals).toHaveTextContent('Total₹29,999.00');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('to another state: IGST only, no CGST or SGST column', async () => {
    show(ordersApi([makeOwnerOrder()], invoiceOf('inter')));
    const invoice = await screen.findByRole('article', { name: 'Tax invoice' }, SLOW);
    expect(invoice).toHaveTextContent('Place of supply: Maharashtra (27)');
    expect(within(invoice).getByRole('columnheader', { name: 'IGST 18%' })).toBeInTheDocument();
    expect(within(invoice).queryByRole('columnheader', { name: /CGST|SGST/ })).not.toBeInTheDocument();
    const totals = within(invoice).getByLabelText('Invoice totals');
    expect(totals).toHaveTextContent('IGST 18%₹4,576.12');
    expect(invoice).toHaveTextContent('Supply to Maharashtra: IGST at 18%.');
  });

  it('has no invoice for an unpaid order', async () => {
    show(ordersApi([makeOwnerOrder({ status: 'created', paid_at: null, payment_id: null })]));
    expect(await screen.findByText('No invoice yet', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('says so when the order is not found', async () => {
    show(ordersApi([makeOwnerOrder()]), 'someone-elses');
    expect(await screen.findByText('Order not found', undefined, SLOW)).toBeInTheDocument();
  });
});
