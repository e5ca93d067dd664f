import { ADMIN_MSG } from '@isaac/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { answer, makeCustomer, makeElectrician } from '../../test/assignment-factories';
import { ElectriciansPage } from './ElectriciansPage';

const electricians = {
  electricians: [
    makeElectrician(),
    makeElectrician({
      _id: 'e2',
      name: 'Suresh Patil',
      customers: 0,
      installations: { total: 0, pending: 0, in_progress: 0, completed: 0 },
    }),
  ],
  page: 1,
  page_size: 20,
  total: 2,
  statistics: { electricians: 2, customers: 5, devices: 7 },
};
const customers = {
  customers: [
    makeCustomer(),
    makeCustomer({
      _id: 'o2',
      name: 'Arjun Mehta',
      email: 'arjun@isaac.demo',
      assignment: {
        _id: 'a1',
        electrician: { _id: 'e1', name: 'Ravi Kumar', email: 'electrician@isaac.demo' },
        installation_date: '2030-01-01',
        status: 'assigned',
      },
    }),
  ],
  page: 1,
  page_size: 100,
  total: 2,
};

const PATH = '/admin/electricians';
const show = (api: ReturnType<typeof fakeApi>) => renderPage(<ElectriciansPage />, { api, path: PATH });
const listed = answer('GET', '/api/admin/electricians', () => [200, electricians]);

setupPageTests();

/** First renders wait on the fake API and the lazy toast module: generous on a busy machine. */
const SLOW = { timeout: 5000 };

describe('ElectriciansPage', () => {
  it('shows the counts and each electrician with customers, devices and installations', async () => {
    show(fakeApi([listed]));
    const table = await screen.findByRole('region', { name: 'Electricians table' }, SLOW);
    expect(within(table).getByRole('rowheader', { name: /Ravi Kumar/ })).toBeInTheDocument();
    expect(
      within(table).getByText('1 pending · 0 in progress · 0 completed', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText('Assigned Customers').parentElement).toHaveTextContent('5');
    expect(screen.getByText('Assigned Devices').parentElement).toHaveTextContent('7');
  });

  it('Assign Customers asks for everything, then posts the choice and reports who moved', async () => {
    const user = userEvent.setup();
    const api = fakeApi([
      listed,
      answer('GET', '/api/admin/customers', () => [200, customers]),
      answer('POST', '/api/admin/electricians/e2/customers', () => [
        200,
        {
          message: ADMIN_MSG.customersAssigned,
          assigned: 1,
          reassigned: [
            {
              _id: 'o2',
              name: 'Arjun Mehta',
              previous_electrician: customers.customers[1]!.assignment!.electrician,
            },
          ],
          notice: 'Arjun Mehta moved from Ravi Kumar',
        },
      ]),
    ]);
    show(api);
    await user.click(await screen.findByRole('button', { name: 'Assign Customers' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Customers' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign Customers' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ADMIN_MSG.selectElectricianCustomersAndDate,
    );

    await user.selectOptions(within(dialog).getByLabelText(/Electrician/), 'e2');
    await user.click(await within(dialog).findByRole('checkbox', { name: /Arjun Mehta/ }));
    expect(within(dialog).getByText(/with Ravi Kumar/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Installation date/), '2099-05-01');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Customers' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/customers'))?.body).toEqual({
      customer_ids: ['o2'],
      installation_date: '2099-05-01',
    });
    expect(await screen.findByText(ADMIN_MSG.customersAssigned)).toBeInTheDocument();
    expect(await screen.findByText('Arjun Mehta moved from Ravi Kumar')).toBeInTheDocument();
  });

  it('Assign Devices needs an electrician and a device', async () => {
    const user = userEvent.setup();
    show(
      fakeApi([
        listed,
        answer('GET', '/api/admin/devices', () => [200, { devices: [], page: 1, page_size: 100, total: 0 }]),
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Assign Devices' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Devices' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign Devices' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ADMIN_MSG.selectElectricianAndDevices);
  });

  it('shows the load error with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    show(
      fakeApi([
        answer('GET', '/api/admin/electricians', () =>
          fail ? [500, { error: 'internal_error', message: 'boom' }] : [200, electricians],
        ),
      ]),
    );
    // The screen's queries retry once (spec section 9) before showing the error.
    expect(
      await screen.findByText(ADMIN_MSG.loadElectricians, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Electricians table' }, SLOW)).toBeInTheDocument();
  });
});
