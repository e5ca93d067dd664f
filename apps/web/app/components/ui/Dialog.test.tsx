import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog } from './Dialog';
import { Modal } from './Modal';

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Add Device"
        description="Register a new device"
        footer={<Button>Save</Button>}
      >
        <label>
          Name
          <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus and returns it on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Add Device' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Register a new device');
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const name = screen.getByLabelText('Name');
    const save = screen.getByRole('button', { name: 'Save' });
    const close = screen.getByRole('button', { name: 'Close' });

    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  it('starts on Cancel and confirms only on the confirm button', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete user"
        message="Are you sure you want to delete this user?"
        confirmLabel="Delete"
        variant="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete user' })).toHaveAccessibleDescription(
      'Are you sure you want to delete this user?',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });
});

function Nested({
  onOuterClose,
  closeOnBackdrop = true,
}: {
  onOuterClose: () => void;
  closeOnBackdrop?: boolean;
}) {
  const [inner, setInner] = useState(false);
  return (
    <Dialog onClose={onOuterClose} labelledBy="outer-title" closeOnBackdrop={closeOnBackdrop}>
      <h2 id="outer-title">Cart</h2>
      <Button onClick={() => setInner(true)}>Checkout</Button>
      {inner ? (
        <Dialog onClose={() => setInner(false)} labelledBy="inner-title">
          <h2 id="inner-title">Payment</h2>
          <Button>Pay</Button>
        </Dialog>
      ) : null}
    </Dialog>
  );
}

describe('Dialog', () => {
  it('with a dialog over another, Escape closes the top one only; the page scrolls again after the last', async () => {
    const user = userEvent.setup();
    const onOuterClose = vi.fn();
    document.body.style.overflow = 'auto';
    const { unmount } = render(<Nested onOuterClose={onOuterClose} />);
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Payment' })).not.toBeInTheDocument();
    expect(onOuterClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(onOuterClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('a press on the backdrop closes it unless closeOnBackdrop is false', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { unmount } = render(<Nested onOuterClose={onClose} />);
    const backdrop = screen.getByRole('dialog', { name: 'Cart' }).previousElementSibling;
    if (!(backdrop instanceof HTMLElement)) throw new Error('no backdrop');
    await user.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();

    const kept = vi.fn();
    render(<Nested onOuterClose={kept} closeOnBackdrop={false} />);
    const fixed = screen.getByRole('dialog', { name: 'Cart' }).previousElementSibling;
    if (!(fixed instanceof HTMLElement)) throw new Error('no backdrop');
    await user.click(fixed);
    expect(kept).not.toHaveBeenCalled();
  });
});
