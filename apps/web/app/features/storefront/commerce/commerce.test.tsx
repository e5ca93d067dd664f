import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@isaac/contract';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), loading: vi.fn(), dismiss: vi.fn() }));
vi.mock('~/lib/toast', () => ({ toast }));
const createOrder = vi.fn();
vi.mock('./api/create-order', () => ({ createOrder: (...args: unknown[]) => createOrder(...args) }));
const sendContactMessage = vi.fn();
vi.mock('./api/contact', () => ({ sendContactMessage: (...args: unknown[]) => sendContactMessage(...args) }));
const subscribeNewsletter = vi.fn();
vi.mock('./api/newsletter', () => ({
  subscribeNewsletter: (...args: unknown[]) => subscribeNewsletter(...args),
  errorMessage: (_error: unknown, fallback: string) => fallback,
}));

const { AddToCartButton } = await import('./AddToCartButton');
const { BuyNowButton } = await import('./BuyNowButton');
const { CartButton } = await import('./CartButton');
const { CommerceProvider } = await import('./commerce-context');
const { ContactForm } = await import('./ContactForm');
const { NewsletterForm } = await import('./NewsletterForm');
const { cartStore } = await import('./cart');

function renderWithShell(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CommerceProvider>{ui}</CommerceProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  localStorage.clear();
  cartStore.reset();
});

describe('BuyNowButton and the purchase modal', () => {
  it('links quote-only products to the preselected contact form', () => {
    renderWithShell(
      <>
        <BuyNowButton productId="smart-surveillance" />
        <BuyNowButton productId="lumos-switches" />
      </>,
    );
    const links = screen.getAllByRole('link', { name: /Request a Quote/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/contact?subject=product-inquiry&product=smart-surveillance',
      '/contact?subject=product-inquiry&product=lumos-switches',
    ]);
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
  });

  it('asks for the installation address only for installed items, and checks it before any order', async () => {
    const user = userEvent.setup();
    renderWithShell(
      <>
        <BuyNowButton productId="lumos-home-kit" aria-label="Buy the kit" />
        <BuyNowButton productId="hepa-filter" aria-label="Buy the filter" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Buy the kit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete your purchase' });
    expect(within(dialog).getByRole('group', { name: 'Installation address' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Full Name/), 'Meera');
    await user.type(within(dialog).getByLabelText(/Email/), 'meera@example.com');
    await user.type(within(dialog).getByLabelText(/City/), 'Bengaluru');
    await user.type(within(dialog).getByLabelText(/Pincode/), '5600');
    await user.type(within(dialog).getByLabelText(/^Address/), '12, 4th Cross');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pincode must be 6 digits');
    expect(createOrder).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/Pincode/), '34');
    createOrder.mockRejectedValueOnce(new Error('offline'));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(createOrder).toHaveBeenCalledTimes(1));
    expect(createOrder.mock.calls[0]?.[0]).toMatchObject({
      installation_address: { city: 'Bengaluru', pincode: '560034', address: '12, 4th Cross' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Buy the filter' }));
    const filterDialog = await screen.findByRole('dialog', { name: 'Complete your purchase' });
    expect(within(filterDialog).queryByRole('group', { name: 'Installation address' })).toBeNull();
  });

  it('requires name and e-mail, traps focus, and closes on Esc back to the opener', async () => {
    const user = userEvent.setup();
    renderWithShell(<BuyNowButton productId="isaac-purifier" />);
    const opener = screen.getByRole('button', { name: 'Buy Now' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Complete your purchase' });
    expect(within(dialog).getByText('₹89,999')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.purchaseRequired);
    expect(createOrder).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/Full Name/), 'Asha');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.purchaseRequired);

    within(dialog).getByRole('button', { name: 'Proceed to Payment' }).focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Proceed to Payment' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it("shows 'Processing...' while the order is created and the spec's message when it fails", async () => {
    const user = userEvent.setup();
    let reject: (error: Error) => void = () => undefined;
    createOrder.mockReturnValue(new Promise((_resolve, fail) => (reject = fail)));
    renderWithShell(<BuyNowButton productId="skywalker-sensor" />);
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Full Name/), 'Asha');
    await user.type(within(dialog).getByLabelText(/Email/), 'asha@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));

    const busy = within(dialog).getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(createOrder).toHaveBeenCalledWith(
      expect.objectContaining({
        amount: 399_900,
        currency: 'INR',
        notes: {
          product: 'SKYWALKER',
          customer_name: 'Asha',
          customer_email: 'asha@example.com',
          customer_phone: '',
        },
      }),
    );
    await act(async () => reject(new Error('Order creation failed: 500')));
    expect(toast.error).toHaveBeenCalledWith(MSG.paymentOrderFailed);
    expect(within(dialog).getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
  });
});

describe('cart', () => {
  it('adds items, changes quantities, removes them and keeps the subtotal in Indian grouping', async () => {
    const user = userEvent.setup();
    renderWithShell(
      <>
        <CartButton />
        <AddToCartButton itemId="hepa-filter" />
        <AddToCartButton itemId="filter-bundle-pack" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    const [addHepa, addBundle] = screen.getAllByRole('button', { name: 'Add to Cart' });
    await user.click(addHepa!);
    await user.click(addHepa!);
    await user.click(addBundle!);
    expect(toast.success).toHaveBeenCalledWith('HEPA Filter added to cart', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Cart, 3 items' }));
    const drawer = await screen.findByRole('dialog', { name: /Your Cart/ });
    expect(within(drawer).getByTestId('cart-subtotal')).toHaveTextContent('₹4,797');

    await user.click(within(drawer).getByRole('button', { name: 'Increase quantity of Filter Bundle Pack' }));
    expect(within(drawer).getByTestId('cart-subtotal')).toHaveTextContent('₹6,996');
    await user.click(within(drawer).getByRole('button', { name: 'Decrease quantity of HEPA Filter' }));
    expect(within(drawer).getByRole('button', { name: 'Decrease quantity of HEPA Filter' })).toBeDisabled();
    await user.click(within(drawer).getByRole('button', { name: 'Remove HEPA Filter' }));
    expect(within(drawer).getByTestId('cart-subtotal')).toHaveTextContent('₹4,398');
    expect(JSON.parse(localStorage.getItem('isaac_cart') ?? '[]')).toEqual([
      { id: 'filter-bundle-pack', quantity: 2 },
    ]);

    await user.click(within(drawer).getByRole('button', { name: 'Checkout' }));
    const modal = await screen.findByRole('dialog', { name: 'Complete your purchase' });
    expect(within(modal).getByText('Cart: 2 items')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Your Cart/ })).toBeNull();
  });
});

describe('ContactForm', () => {
  it('preselects the subject and names the product of a quote request', () => {
    renderWithShell(<ContactForm defaultSubject="product-inquiry" defaultProductId="connected-homes" />);
    expect(screen.getByLabelText('Subject')).toHaveValue('product-inquiry');
    expect(screen.getByLabelText('Message')).toHaveValue(
      'Hello, I would like a quote for Connected Homes.\n\n',
    );
  });

  it("sends, shows 'Sending...', then clears on success", async () => {
    const user = userEvent.setup();
    let resolve: (value: { message: string }) => void = () => undefined;
    sendContactMessage.mockReturnValue(new Promise((done) => (resolve = done)));
    renderWithShell(<ContactForm />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.selectOptions(screen.getByLabelText('Subject'), 'partnership');
    await user.type(screen.getByLabelText('Message'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await waitFor(() =>
      expect(sendContactMessage).toHaveBeenCalledWith({
        name: 'Asha',
        email: 'asha@example.com',
        subject: 'partnership',
        message: 'Hello there',
      }),
    );
    await act(async () => resolve({ message: MSG.contactSuccess }));
    expect(toast.success).toHaveBeenCalledWith(MSG.contactSuccess);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('keeps the text on failure', async () => {
    const user = userEvent.setup();
    sendContactMessage.mockRejectedValue(new Error('HTTP error! status: 500'));
    renderWithShell(<ContactForm defaultSubject="other" />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Message'), 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.contactFailed));
    expect(screen.getByLabelText('Message')).toHaveValue('Keep me');
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');
  });

  it('hides the honeypot from people and the keyboard', () => {
    const { container } = renderWithShell(<ContactForm />);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot?.autocomplete).toBe('off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('NewsletterForm', () => {
  it('subscribes and says so in a live region', async () => {
    const user = userEvent.setup();
    subscribeNewsletter.mockResolvedValue({ message: 'Thanks for subscribing!' });
    renderWithShell(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Thanks for subscribing!'));
    expect(subscribeNewsletter).toHaveBeenCalledWith({ email: 'asha@example.com' });
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });
});
