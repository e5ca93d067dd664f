import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Rich } from './rich';

describe('Rich (a sentence with marked words)', () => {
  it('renders each given tag with its element, wherever the language puts it', () => {
    const { container } = render(
      <p>
        <Rich text="<strong>रसोई</strong> में" tags={{ strong: (chunk) => <strong>{chunk}</strong> }} />
      </p>,
    );
    expect(container.innerHTML).toBe('<p><strong>रसोई</strong> में</p>');
  });

  it('shows a tag it was not given, and any markup in a value, as text', () => {
    const { container } = render(
      <p>
        <Rich text="In <em>x</em> and <b>y</b>" tags={{ b: (chunk) => <b>{chunk}</b> }} />
      </p>,
    );
    expect(container.innerHTML).toBe('<p>In x and <b>y</b></p>');
    const script = render(<Rich text="<script>alert(1)</script>" tags={{}} />);
    expect(script.container.querySelector('script')).toBeNull();
  });
});
