import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { lazyDialog, preloadOnIntent, type LazyDialog } from './lazy-dialog';
import { Modal } from './Modal';

function NameDialog({ name, onClose }: { name: string; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={`Edit ${name}`}>
      <p>The form</p>
    </Modal>
  );
}

/** A load the test finishes: `resolve` hands over the dialog, `reject` fails the load. */
function heldLoad() {
  const loads: { resolve: (c: typeof NameDialog) => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof NameDialog>((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  return { load, loads };
}

function Page({ dialog }: { dialog: LazyDialog<{ name: string; onClose: () => void }> }) {
  const Dialog = dialog;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} {...preloadOnIntent(dialog)}>
        Edit
      </Button>
      {open ? <Dialog name="Kitchen" onClose={() => setOpen(false)} /> : null}
    </>
  );
}

describe('lazyDialog', () => {
  it('stands in with a loading dialog until its code arrives, then opens at once the next time', async () => {
    const user = userEvent.setup();
    const { load, loads } = heldLoad();
    render(<Page dialog={lazyDialog(load)} />);
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    // The pointer reaching the button started the load; the click did not start a second one.
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('dialog', { name: 'Loading…' })).toBeInTheDocument();
    loads[0]!.resolve(NameDialog);
    expect(await screen.findByRole('dialog', { name: 'Edit Kitchen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit Kitchen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says when its code could not be loaded, and Retry loads it again', async () => {
    const user = userEvent.setup();
    const { load, loads } = heldLoad();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Page dialog={lazyDialog(load)} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    loads[0]!.reject(new Error('Failed to fetch dynamically imported module'));
    const failed = await screen.findByRole('dialog', { name: 'Could not open this' });
    expect(failed).toHaveTextContent('Check your connection and try again.');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]!.resolve(NameDialog);
    expect(await screen.findByRole('dialog', { name: 'Edit Kitchen' })).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('closes from its stand-ins, and a load that failed while closed is tried again on the next open', async () => {
    const user = userEvent.setup();
    const { load, loads } = heldLoad();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Page dialog={lazyDialog(load)} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog', { name: 'Loading…' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    loads[0]!.reject(new Error('offline'));

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Loading…' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]!.reject(new Error('offline'));
    await screen.findByRole('dialog', { name: 'Could not open this' });
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    quiet.mockRestore();
  });
});
