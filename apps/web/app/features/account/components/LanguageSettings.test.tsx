import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, setLanguage } from '~/lib/i18n';
import { fakeApi, json } from '~/test/fake-api';
import { makeUser } from '~/test/factories';
import { renderPage, setupPageTests } from '~/test/render';
import { LanguageSettings } from './LanguageSettings';

setupPageTests();
afterEach(() => act(() => setLanguage('en')));

describe('LanguageSettings', () => {
  it('shows the pick at once, saves it, and goes back to the saved language when saving fails', async () => {
    const api = fakeApi();
    let answer: (response: Response) => void = () => undefined;
    api.setOverride((call) =>
      call.path === '/api/account/profile'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    );
    renderPage(<LanguageSettings user={makeUser(1)} />, { api, path: '/settings' });
    const browser = screen.getByRole('radio', { name: /Browser language/ });
    const hindi = screen.getByRole('radio', { name: 'हिन्दी' });
    expect(browser).toBeChecked();

    // Checked in the same task as the click (a controlled radio would otherwise snap back until the
    // mutation's state arrives), and nothing else can be picked while it saves.
    fireEvent.click(hindi);
    expect(hindi).toBeChecked();
    expect(screen.getByRole('group')).toBeDisabled();
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', path: '/api/account/profile', body: { language: 'hi' } }),
      ),
    );

    answer(json(500, { error: 'internal', message: 'Something went wrong' }));
    await waitFor(() => expect(browser).toBeChecked());
    expect(hindi).not.toBeChecked();
    expect(screen.getByRole('group')).toBeEnabled();
  });

  it('says it saved in the language just chosen', async () => {
    const api = fakeApi();
    api.setOverride((call) =>
      call.path === '/api/account/profile' ? json(200, { user: makeUser(1, { language: 'hi' }) }) : undefined,
    );
    renderPage(<LanguageSettings user={makeUser(1)} />, { api, path: '/settings' });
    fireEvent.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    expect(await screen.findByText('भाषा सहेज ली गई')).toBeInTheDocument();
    expect(screen.queryByText('Language saved')).not.toBeInTheDocument();
    expect(currentLanguage()).toBe('hi');
  });
});
