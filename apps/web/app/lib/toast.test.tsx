import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastViewport } from '~/components/ToastViewport';
import { toast } from './toast';

describe('toast (react-hot-toast loaded on first use)', () => {
  it('renders nothing until the first toast, then shows it and later ones', async () => {
    const { container } = render(<ToastViewport />);
    expect(container).toBeEmptyDOMElement();

    act(() => {
      toast.success('Device added successfully');
    });
    expect(await screen.findByText('Device added successfully')).toBeInTheDocument();

    act(() => {
      toast.error('Failed to add device');
    });
    expect(await screen.findByText('Failed to add device')).toBeInTheDocument();
    expect(screen.getAllByRole('status').length).toBeGreaterThanOrEqual(2);
  });

  it('a loading toast keeps its id so it can be replaced and dismissed', async () => {
    render(<ToastViewport />);
    let id = '';
    act(() => {
      id = toast.loading('Confirming your payment…');
    });
    expect(id).toMatch(/^toast-\d+$/);
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    act(() => {
      toast.error('Payment not confirmed', { id });
    });
    expect(await screen.findByText('Payment not confirmed')).toBeInTheDocument();
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
    act(() => toast.dismiss(id));
  });
});
