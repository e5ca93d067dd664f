import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '~/test/fake-api';
import { renderPage, setupPageTests } from '~/test/render';
import { SignatureField } from './SignatureField';

setupPageTests();
const SLOW = { timeout: 5000 };

// The first load of the pad library fails (offline, not cached); the retry finds it.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('signature_pad', () => {
  loads.count += 1;
  if (loads.count === 1) throw new Error('Failed to fetch dynamically imported module');
  return {
    default: class {
      addEventListener() {}
      off() {}
      isEmpty() {
        return true;
      }
    },
  };
});

describe('SignatureField', () => {
  it('says when the signature area cannot load, and a retry brings it', async () => {
    // jsdom draws nothing; the field only scales the context it gets
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const user = userEvent.setup();
    renderPage(<SignatureField onChange={() => {}} />, { api: fakeApi([]), path: '/electrician/install' });
    expect(
      await screen.findByText('The signature area could not load. Check the connection and retry.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Signature area/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const pad = await screen.findByRole('img', { name: 'Signature area, empty: sign here' }, SLOW);
    await vi.waitFor(() => expect(pad).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByText('Sign inside the box.')).toBeInTheDocument();
    expect(loads.count).toBe(2);
  });
});
