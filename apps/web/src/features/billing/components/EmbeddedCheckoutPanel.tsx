import { BILLING_MESSAGES } from '@leadline/shared/billing/schemas';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { meQueryKey } from '../../../lib/query-client';
import { stripeFor } from '../stripe-js';

/** How often credits and the plan are fetched again while a checkout is open: the webhook lands on the server, not here. */
const REFRESH_MS = 3_000;

type Props = {
  publishableKey: string | null;
  fetchClientSecret: () => Promise<string>;
  onBack: () => void;
  onComplete?: () => void;
};

/**
 * Stripe's embedded checkout (spec §4 "Plan checkout"): mounted from a checkout session's client
 * secret; Back clears it. Stripe tells the server by webhook, so while it is open the credits and
 * the plan are fetched again every few seconds and the screen follows on its own.
 */
export function EmbeddedCheckoutPanel({ publishableKey, fetchClientSecret, onBack, onComplete }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'mounted' | 'failed'>('loading');
  const queryClient = useQueryClient();
  const latest = useRef({ fetchClientSecret, onComplete });
  useEffect(() => {
    latest.current = { fetchClientSecret, onComplete };
  });

  useEffect(() => {
    if (!publishableKey) return;
    let cancelled = false;
    let checkout: { destroy(): void } | null = null;
    stripeFor(publishableKey)
      .then((stripe) =>
        stripe.initEmbeddedCheckout({ fetchClientSecret: () => latest.current.fetchClientSecret(), onComplete: () => latest.current.onComplete?.() }),
      )
      .then((created) => {
        if (cancelled) return created.destroy();
        checkout = created;
        created.mount(host.current!);
        setState('mounted');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      checkout?.destroy();
    };
  }, [publishableKey]);

  useEffect(() => {
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [queryClient]);

  return (
    <Stack gap="sm">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
      </Group>
      {!publishableKey ? (
        <Alert color="yellow">Checkout needs STRIPE_PUBLISHABLE_KEY on the server.</Alert>
      ) : state === 'failed' ? (
        <Alert color="red">{BILLING_MESSAGES.paymentFailed}</Alert>
      ) : (
        state === 'loading' && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Opening secure checkout…
            </Text>
          </Group>
        )
      )}
      <div ref={host} data-testid="embedded-checkout" />
    </Stack>
  );
}
