import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@isaac/contract';
import {
  RAZORPAY_CHECKOUT_SRC,
  loadCheckout,
  loadRazorpayCheckout,
  type CheckoutConstructor,
} from './checkout';
import { paymentErrorMessage } from './payment-errors';

function injectedScript(): HTMLScriptElement {
  const script = document.head.querySelector<HTMLScriptElement>(`script[src="${RAZORPAY_CHECKOUT_SRC}"]`);
  if (!script) throw new Error('checkout.js was not requested');
  return script;
}

afterEach(() => {
  document.head.innerHTML = '';
  delete window.Razorpay;
});

describe('loadRazorpayCheckout', () => {
  it("loads Razorpay's checkout.js on demand and resolves its constructor", async () => {
    const loading = loadRazorpayCheckout();
    const script = injectedScript();
    const Razorpay = class {
      open() {}
      on() {}
    } as unknown as CheckoutConstructor;
    window.Razorpay = Razorpay;
    script.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(Razorpay);
  });

  it('fails with the script message when the script cannot load, and retries next time', async () => {
    const loading = loadRazorpayCheckout();
    injectedScript().dispatchEvent(new Event('error'));
    const error = await loading.catch((e: unknown) => e);
    expect(paymentErrorMessage(error)).toBe(MSG.paymentScriptFailed);
    void loadRazorpayCheckout().catch(() => undefined);
    expect(injectedScript()).toBeTruthy();
  });
});

describe('loadCheckout', () => {
  it('uses the embedded sandbox checkout for sandbox orders', async () => {
    const Checkout = await loadCheckout('sandbox');
    expect(Checkout.name).toBe('SandboxCheckout');
    expect(document.head.querySelector('script')).toBeNull();
  });
});
