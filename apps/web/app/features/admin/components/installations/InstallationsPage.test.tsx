import {
  ADMIN_MSG,
  type InstallationJob,
  type InstallationJobBoard,
  type InstallationJobState,
} from '@isaac/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { INSTALLATION_JOB_TEXT } from '../../api/installation-jobs-keys';
import { answer, makeElectrician } from '../../test/assignment-factories';
import { InstallationsPage } from './InstallationsPage';

function makeJob(patch: Partial<InstallationJob> = {}): InstallationJob {
  return {
    _id: 'j1',
    state: 'unassigned',
    order_id: 'order_1',
    product: 'Lumos 4-gang switch',
    customer: { _id: 'o1', name: 'Priya Sharma', email: 'owner@isaac.demo' },
    address: { city: 'Bengaluru', pincode: '560038', address: '12 MG Road' },
    electrician: null,
    installation_date: null,
    installation_id: null,
    created_at: '2030-01-01T10:00:00.000Z',
    ...patch,
  };
}

const ravi = { _id: 'e1', name: 'Ravi Kumar' };
const JOBS: InstallationJob[] = [
  makeJob(),
  makeJob({
    _id: 'j2',
    state: 'scheduled',
    customer: { _id: 'o2', name: 'Arjun Mehta', email: 'arjun@isaac.demo' },
    electrician: ravi,
    installation_date: '2030-05-04',
    installation_id: 'i2',
  }),
  makeJob({
    _id: 'j3',
    state: 'in_progress',
    customer: { _id: 'o3', name: 'Meera Iyer', email: 'meera@isaac.demo' },
    electrician: ravi,
    installation_date: '2030-01-02',
  }),
  makeJob({
    _id: 'j4',
    state: 'completed',
    customer: { _id: 'o4', name: 'Kabir Das', email: 'kabir@isaac.demo' },
    electrician: ravi,
    installation_date: '2029-12-20',
  }),
  makeJob({
    _id: 'j5',
    state: 'cancelled',
    customer: { _id: 'o5', name: 'Zoya Khan', email: 'z@isaac.demo' },
  }),
];
const countsOf = (jobs: InstallationJob[]) =>
  Object.fromEntries(
    (['unassigned', 'scheduled', 'in_progress', 'completed', 'cancelled'] as InstallationJobState[]).map(
      (s) => [s, jobs.filter((j) => j.state === s).length],
    ),
  ) as InstallationJobBoard['counts'];

const electricians = {
  electricians: [
    makeElectrician(),
    makeElectrician({ _id: 'e2', name: 'Suresh Patil' }),
    makeElectrician({ _id: 'e3', name: 'Gone Away', status: 'inactive' }),
  ],
  page: 1,
  page_size: 100,
  total: 3,
  statistics: { electricians: 3, customers: 0, devices: 0 },
};

const PATH = '/admin/installations';
const SLOW = { timeout: 5000 };
const show = (api: ReturnType<typeof fakeApi>) => renderPage(<InstallationsPage />, { api, path: PATH });

setupPageTests();

describe('InstallationsPage', () => {
  it('shows each job in its column with customer, product, place, electrician and date', async () => {
    show(
      fakeApi([
        answer('GET', '/api/admin/installation-jobs', () => [200, { jobs: JOBS, counts: countsOf(JOBS) }]),
      ]),
    );
    const unassigned = await screen.findByRole('region', { name: /Unassigned/ }, SLOW);
    const card = within(unassigned).getByRole('article', { name: /Priya Sharma/ });
    expect(card).toHaveTextContent('Lumos 4-gang switch');
    expect(card).toHaveTextContent('Bengaluru 560038');
    expect(card).toHaveTextContent('No electrician yet');
    expect(within(card).getByRole('button', { name: 'Assign Priya Sharma' })).toBeInTheDocument();

    const scheduled = screen.getByRole('region', { name: /Scheduled/ });
    const booked = within(scheduled).getByRole('article', { name: /Arjun Mehta/ });
    expect(booked).toHaveTextContent('Ravi Kumar');
    expect(booked).toHaveTextContent('4 May 2030');
    expect(within(booked).getByRole('button', { name: 'Reschedule Arjun Mehta' })).toBeInTheDocument();

    const started = screen.getByRole('region', { name: /In progress/ });
    expect(within(started).getByRole('article', { name: /Meera Iyer/ })).toBeInTheDocument();
    expect(within(started).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /Completed/ })).getByRole('article', { name: /Kabir Das/ }),
    ).toBeInTheDocument();
    // Cancelled jobs are listed apart, collapsed.
    expect(screen.getByText('Cancelled (1)')).toBeInTheDocument();
  });

  it('Assign asks for an electrician and a date, shows the server refusal in the dialog, then schedules', async () => {
    const user = userEvent.setup();
    let jobs = JOBS;
    let refuse = true;
    const api = fakeApi([
      answer('GET', '/api/admin/installation-jobs', () => [200, { jobs, counts: countsOf(jobs) }]),
      answer('GET', '/api/admin/electricians', () => [200, electricians]),
      answer('POST', '/api/admin/installation-jobs/j1/assign', (call) => {
        if (refuse) return [400, { error: 'validation_error', message: 'Choose an active electrician' }];
        const body = call.body as { electrician_id: string; installation_date: string };
        const job = makeJob({
          state: 'scheduled',
          electrician: { _id: body.electrician_id, name: 'Suresh Patil' },
          installation_date: body.installation_date,
        });
        jobs = [job, ...JOBS.slice(1)];
        return [200, job];
      }),
    ]);
    show(api);
    await user.click(await screen.findByRole('button', { name: 'Assign Priya Sharma' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Assign' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(INSTALLATION_JOB_TEXT.chooseBoth);

    // Only active electricians are offered.
    const picker = within(dialog).getByLabelText(/Electrician/);
    await within(dialog).findByRole('option', { name: 'Suresh Patil' });
    expect(within(picker).queryByRole('option', { name: 'Gone Away' })).not.toBeInTheDocument();
    await user.selectOptions(picker, 'e2');
    const date = within(dialog).getByLabelText(/Installation date/);
    await user.type(date, '2000-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ADMIN_MSG.installationDateInPast);

    await user.clear(date);
    await user.type(date, '2099-05-01');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose an active electrician')).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      electrician_id: 'e2',
      installation_date: '2099-05-01',
    });
    expect(await screen.findByText(INSTALLATION_JOB_TEXT.scheduled)).toBeInTheDocument();
    // The board is refetched: the job is now scheduled with Suresh Patil.
    const scheduled = screen.getByRole('region', { name: /Scheduled/ });
    expect(await within(scheduled).findByRole('article', { name: /Priya Sharma/ })).toHaveTextContent(
      'Suresh Patil',
    );
  });

  it('Reschedule starts from the current electrician and date', async () => {
    const user = userEvent.setup();
    show(
      fakeApi([
        answer('GET', '/api/admin/installation-jobs', () => [200, { jobs: JOBS, counts: countsOf(JOBS) }]),
        answer('GET', '/api/admin/electricians', () => [200, electricians]),
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Reschedule Arjun Mehta' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule' });
    expect(within(dialog).getByLabelText(/Installation date/)).toHaveValue('04/05/2030');
    await within(dialog).findByRole('option', { name: 'Ravi Kumar' });
    expect(within(dialog).getByLabelText(/Electrician/)).toHaveValue('e1');
  });

  it('shows the empty board', async () => {
    show(
      fakeApi([
        answer('GET', '/api/admin/installation-jobs', () => [200, { jobs: [], counts: countsOf([]) }]),
      ]),
    );
    expect(await screen.findByText(INSTALLATION_JOB_TEXT.empty, undefined, SLOW)).toBeInTheDocument();
  });

  it('shows the load error with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    show(
      fakeApi([
        answer('GET', '/api/admin/installation-jobs', () =>
          fail
            ? [500, { error: 'internal_error', message: 'boom' }]
            : [200, { jobs: JOBS, counts: countsOf(JOBS) }],
        ),
      ]),
    );
    expect(await screen.findByText(INSTALLATION_JOB_TEXT.loadError, undefined, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: /Unassigned/ }, SLOW)).toBeInTheDocument();
  });
});
