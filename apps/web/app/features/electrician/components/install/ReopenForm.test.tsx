import { ELECTRICIAN_MSG } from '@isaac/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { ReopenForm } from './ReopenForm';

setupPageTests();
const SLOW = { timeout: 5000 };

describe('ReopenForm (a final signature, issue 29)', () => {
  it('asks why before reopening, then sends the reason to the server', async () => {
    const user = userEvent.setup();
    const api = fakeApi([
      (call) =>
        call.method === 'POST' && call.path === '/api/electrician/installations/i1/reopen'
          ? json(200, { message: ELECTRICIAN_MSG.installationReopened, installation: { _id: 'i1' } })
          : undefined,
    ]);
    renderPage(<ReopenForm installationId="i1" />, { api, path: '/electrician/install' });
    const button = await screen.findByRole('button', { name: 'Reopen to sign again' }, SLOW);
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Why reopen?'), '  Wrong name  ');
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith('/reopen'))?.body).toEqual({ reason: 'Wrong name' }),
    );
    expect(await screen.findByText(ELECTRICIAN_MSG.installationReopened, {}, SLOW)).toBeInTheDocument();
  });
});
