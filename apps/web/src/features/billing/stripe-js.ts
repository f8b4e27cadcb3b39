/**
 * Stripe.js, loaded from Stripe at run time (Stripe requires it to be served by js.stripe.com,
 * never bundled). Only the embedded checkout part is typed here.
 */
export type EmbeddedCheckout = { mount(element: HTMLElement): void; destroy(): void };
type StripeInstance = {
  initEmbeddedCheckout(options: { fetchClientSecret: () => Promise<string>; onComplete?: () => void }): Promise<EmbeddedCheckout>;
};
type StripeFactory = (publishableKey: string) => StripeInstance;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
let loading: Promise<StripeFactory> | null = null;

function loadScript(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load.')));
    script.onerror = () => reject(new Error('Stripe.js could not be loaded.'));
    document.head.appendChild(script);
  });
}

const instances = new Map<string, StripeInstance>();

/** One Stripe instance per publishable key; a failed load is tried again next time. */
export async function stripeFor(publishableKey: string): Promise<StripeInstance> {
  loading ??= loadScript().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  const factory = await loading;
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = factory(publishableKey);
    instances.set(publishableKey, instance);
  }
  return instance;
}
