import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Call, fakeApi, json } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { TwoFactorSection } from './TwoFactorSection';

setupPageTests();

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `wxyz${i}-mnpq${i}`);

/** An in-memory two-factor API: off until enabled with 123456; turned off with password 'pw' and 654321. */
function twoFactorApi(required = false) {
  let enabled = false;
  let left = 0;
  return fakeApi([
    (call: Call) => {
      if (call.path === '/api/account/two-factor') {
        return json(200, {
          enabled,
          enabled_at: enabled ? '2026-11-23T10:00:00.000Z' : null,
          recovery_codes_left: left,
          required,
        });
      }
      if (call.path === '/api/account/two-factor/setup') {
        return json(200, {
          secret: SECRET,
          otpauth_url: `otpauth://totp/Isaac:me?secret=${SECRET}`,
          qr_svg_data_url: 'data:image/svg+xml;base64,PHN2Zy8+',
        });
      }
      if (call.path === '/api/account/two-factor/enable') {
        if ((call.body as { code: string }).code !== '123456') {
          return json(400, { error: 'invalid_two_factor_code', message: 'Invalid or expired code.' });
        }
        enabled = true;
        left = 10;
        return json(200, { message: 'on', recovery_codes: CODES });
      }
      if (call.path === '/api/account/two-factor/recovery-codes') {
        if ((call.body as { code: string }).code !== '654321') {
          return json(400, { error: 'invalid_two_factor_code', message: 'Invalid or expired code.' });
        }
        left = 10;
        return json(200, { message: 'new', recovery_codes: NEW_CODES });
      }
      if (call.path === '/api/account/two-factor/disable') {
        const body = call.body as { password: string; code: string };
        if (body.password !== 'pw') {
          return json(400, {
            error: 'validation_error',
            message: 'Password is incorrect',
            details: [{ path: 'password', message: 'Password is incorrect' }],
          });
        }
        enabled = false;
        left = 0;
        return json(200, { message: 'Two-factor sign-in is off' });
      }
      return undefined;
    },
  ]);
}

/** The section with two-factor sign-in turned on through the fake API, its recovery codes dismissed. */
async function renderTurnedOn() {
  const user = userEvent.setup();
  const api = twoFactorApi();
  renderPage(<TwoFactorSection />, { api, path: '/settings' });
  await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
  await user.type(await screen.findByLabelText('Authentication code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Turn on' }));
  await user.click(await screen.findByRole('button', { name: 'I have saved them' }));
  return { user, api };
}

describe('TwoFactorSection', () => {
  it('sets up with the QR code and key, confirms a code, shows the recovery codes once', async () => {
    const user = userEvent.setup();
    const api = twoFactorApi();
    renderPage(<TwoFactorSection />, { api, path: '/settings' });

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const form = await screen.findByRole('form', { name: 'Set up two-factor sign-in' });
    expect(within(form).getByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(within(form).getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const field = within(form).getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(within(form).getByRole('button', { name: 'Turn on' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from your authenticator app',
    );
    expect(api.calls.some((c) => c.path === '/api/account/two-factor/enable')).toBe(false);

    await user.type(field, '000000');
    await user.click(within(form).getByRole('button', { name: 'Turn on' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid or expired code.');

    await user.type(within(form).getByLabelText('Authentication code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText(/Recovery codes left/)).toHaveTextContent('Recovery codes left: 10');
  });

  it('says it is required for administrators', async () => {
    const api = twoFactorApi(true);
    renderPage(<TwoFactorSection />, { api, path: '/settings' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/required for administrators/);
  });

  it('turns off with the password and a code; a wrong password goes on its field', async () => {
    const { user, api } = await renderTurnedOn();

    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    const form = screen.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await user.type(within(form).getByLabelText('Password'), 'wrong');
    await user.type(within(form).getByLabelText('Code or recovery code'), '654321');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Password is incorrect');
    expect(within(form).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'pw');
    await user.type(within(form).getByLabelText('Code or recovery code'), '654321');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/account/two-factor/disable').at(-1)?.body).toEqual({
      password: 'pw',
      code: '654321',
    });
  });

  it('makes new recovery codes with the password and a code, shows them once, and says the old ones stop', async () => {
    const { user, api } = await renderTurnedOn();

    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const form = screen.getByRole('form', { name: 'New recovery codes' });
    expect(form).toHaveTextContent('The codes you have now stop working at once.');
    await user.click(within(form).getByRole('button', { name: 'Make new codes' }));
    expect(within(form).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.path === '/api/account/two-factor/recovery-codes')).toBe(false);

    await user.type(within(form).getByLabelText('Password'), 'pw');
    await user.type(within(form).getByLabelText('Code or recovery code'), '000000');
    await user.click(within(form).getByRole('button', { name: 'Make new codes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid or expired code.');
    expect(within(form).getByLabelText('Code or recovery code')).toHaveValue('');

    await user.type(within(form).getByLabelText('Code or recovery code'), ' 654321 ');
    await user.click(within(form).getByRole('button', { name: 'Make new codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(NEW_CODES);
    expect(screen.getByText(/The old recovery codes no longer work\./)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.path === '/api/account/two-factor/recovery-codes').at(-1)?.body,
      ).toEqual({
        password: 'pw',
        code: '654321',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });

  it('suggests new codes when few are left', async () => {
    const api = fakeApi([
      (call: Call) =>
        call.path === '/api/account/two-factor'
          ? json(200, { enabled: true, enabled_at: null, recovery_codes_left: 1, required: false })
          : undefined,
    ]);
    renderPage(<TwoFactorSection />, { api, path: '/settings' });
    expect(
      await screen.findByText('Only 1 recovery code left: make new ones before it runs out.'),
    ).toBeInTheDocument();
  });
});
