import { act } from '@testing-library/react';
import { useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAdoptTypedValues, useHydrated } from './use-hydrated';

function Subscribe() {
  const [email, setEmail] = useState('');
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptTypedValues(formRef, (typed) => {
    if (typed.email !== undefined) setEmail(typed.email);
  });
  return (
    <form ref={formRef} aria-label="Subscribe">
      <input
        name="email"
        aria-label="Email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" disabled={!hydrated}>
        Subscribe
      </button>
      <output>{email}</output>
    </form>
  );
}

describe('useAdoptTypedValues', () => {
  it('keeps what was typed into the prerendered form before hydration', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Subscribe />);
    document.body.append(container);
    const input = container.querySelector('input') as HTMLInputElement;
    // The visitor types while the scripts are still loading.
    input.value = 'early@example.com';

    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Subscribe />);
    });
    // Hydrated (the button enabled, a re-render happened) and the text survived into state.
    expect(container.querySelector('button')).toBeEnabled();
    expect(input.value).toBe('early@example.com');
    expect(container.querySelector('output')).toHaveTextContent('early@example.com');
    act(() => root?.unmount());
    container.remove();
  });

  it('changes nothing when the form was untouched', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Subscribe />);
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Subscribe />);
    });
    expect((container.querySelector('input') as HTMLInputElement).value).toBe('');
    expect(container.querySelector('output')).toHaveTextContent('');
    act(() => root?.unmount());
    container.remove();
  });
});
