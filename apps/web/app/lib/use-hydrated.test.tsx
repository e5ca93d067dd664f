import { act } from '@testing-library/react';
import { useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { rememberTypedValues, useAdoptTypedValues, useHydrated } from './use-hydrated';

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

/** The prerendered form in the document, and a way to hydrate it (after the test typed into it). */
function prerenderedForm() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Subscribe />);
  document.body.append(container);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  return {
    container,
    input: container.querySelector('input') as HTMLInputElement,
    hydrate: () =>
      act(async () => {
        root = hydrateRoot(container, <Subscribe />);
      }),
    cleanUp: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

describe('useAdoptTypedValues', () => {
  it('keeps what was typed into the prerendered form before hydration', async () => {
    const { container, input, hydrate, cleanUp } = prerenderedForm();
    // The visitor types while the scripts are still loading.
    input.value = 'early@example.com';
    await hydrate();
    // Hydrated (the button enabled, a re-render happened) and the text survived into state.
    expect(container.querySelector('button')).toBeEnabled();
    expect(input.value).toBe('early@example.com');
    expect(container.querySelector('output')).toHaveTextContent('early@example.com');
    cleanUp();
  });

  it('adopts what was typed even when hydration resets the field first', async () => {
    const { container, input, hydrate, cleanUp } = prerenderedForm();
    input.value = 'early@example.com';
    // The browser entry remembers the fields just before hydrating; Preact's hydration then writes a
    // field's initial value (it does so for <textarea>), which this stands in for.
    rememberTypedValues(document);
    input.value = '';
    await hydrate();
    expect(input.value).toBe('early@example.com');
    expect(container.querySelector('output')).toHaveTextContent('early@example.com');
    cleanUp();
  });

  it('changes nothing when the form was untouched', async () => {
    const { container, input, hydrate, cleanUp } = prerenderedForm();
    await hydrate();
    expect(input.value).toBe('');
    expect(container.querySelector('output')).toHaveTextContent('');
    cleanUp();
  });
});
