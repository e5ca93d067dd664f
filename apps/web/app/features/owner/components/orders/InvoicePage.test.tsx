import { SELLER } from '@isaac/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { InvoicePage } from './InvoicePage';
import { makeOwnerOrder } from './orders-factories';

setupPageTests();

const SLOW = { timeout: 5000 };
const ordersApi = (orders: unknown[]) =>
  fakeApi([({ path }) => (path === '/api/orders' ? json(200, { orders }) : undefined)]);
const show = (api: ReturnType<typeof fakeApi>, id = 'ord1') =>
  renderPage(<InvoicePage orderId={id} />, {
    api,
    path: '/owner/orders/:id/invoice',
    url: `/owner/orders/${id}/invoice`,
  });

describe('Owner → Invoice', () => {
  it('shows the tax invoice: seller, buyer, number, date, lines with HSN, CGST + SGST and the total; Print prints', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    show(
      ordersApi([
        makeOwnerOrder({
          needs_installation: true,
          address: { city: 'Pune', pincode: '411001', address: '4 Camp Road' },
        }),
      ]),
    );
    const invoice = await screen.findByRole('article', { name: 'Tax invoice' }, SLOW);
    expect(invoice).toHaveTextContent(SELLER.name);
    expect(invoice).toHaveTextContent(`GSTIN: ${SELLER.gstin}`);
    expect(invoice).toHaveTextContent(`State: ${SELLER.state}, Code: ${SELLER.stateCode}`);
    expect(invoice).toHaveTextContent('Meera Iyer');
    expect(invoice).toHaveTextContent('meera@isaac.demo');
    expect(invoice).toHaveTextContent('4 Camp Road, Pune 411001');
    expect(invoice).toHaveTextContent('rcpt_1001');
    expect(invoice).toHaveTextContent('1 Mar 2031');

    const row = within(invoice).getByRole('row', { name: /ISAAC Air Purifier/ });
    expect(row).toHaveTextContent('8536');
    expect(row).toHaveTextContent('₹25,422.88');
    expect(row).toHaveTextContent('₹2,288.06');
    const totals = within(invoice).getByLabelText('Invoice totals');
    expect(totals).toHaveTextContent('Taxable value₹25,422.88');
    expect(totals).toHaveTextContent('CGST 9%₹2,288.06');
    expect(totals).toHaveTextContent('SGST 9%₹2,288.06');
    expect(totals).toHaveTextContent('Total₹29,999.00');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
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
