import { CREDIT_PACK_UNIT, CREDIT_PACKS } from '@leadline/shared';
import { BILLING_MESSAGES, CREDIT_PACK_LOOKUP_KEY } from '@leadline/shared/billing/schemas';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useCreditsInfo } from '../../credits/api';
import { fetchPaymentSecret } from '../api';
import { credits, dollars } from '../format';
import { EmbeddedCheckoutPanel } from './EmbeddedCheckoutPanel';

type Pack = (typeof CREDIT_PACKS)[number];

/**
 * Buy More Credits (spec §2, §9): the three packs, then Stripe's embedded checkout for the one
 * chosen (quantity = credits / 10,000). The dialog closes by itself when the credits arrive.
 */
export function BuyCreditsDialog({ opened, onClose, publishableKey }: { opened: boolean; onClose: () => void; publishableKey: string | null }) {
  const [pack, setPack] = useState<Pack | null>(null);
  const { data: info } = useCreditsInfo();
  const totalAtCheckout = useRef<number | null>(null);

  useEffect(() => {
    if (!pack || !info || totalAtCheckout.current === null) return;
    if (info.total >= totalAtCheckout.current + pack.credits) {
      notify.success(`${credits(pack.credits)} credits added to your team.`);
      totalAtCheckout.current = null;
      setPack(null);
      onClose();
    }
  }, [info, pack, onClose]);

  const choose = (chosen: Pack) => {
    totalAtCheckout.current = info?.total ?? 0;
    setPack(chosen);
  };
  const close = () => {
    setPack(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Buy More Credits" size={pack ? 'xl' : 'lg'} centered>
      {pack ? (
        <Stack gap="xs">
          <Text size="sm">
            {credits(pack.credits)} credits for {dollars(pack.priceCents)}
          </Text>
          <EmbeddedCheckoutPanel
            publishableKey={publishableKey}
            fetchClientSecret={() =>
              fetchPaymentSecret({ mode: 'payment', ui_mode: 'embedded', items: [{ lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: pack.credits / CREDIT_PACK_UNIT }] }).catch((error: unknown) => {
                notify.error(BILLING_MESSAGES.paymentFailed);
                throw error;
              })
            }
            onBack={() => setPack(null)}
            onComplete={() => notify.success(BILLING_MESSAGES.purchaseCompleted)}
          />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Credits are shared by your team. Pack credits never expire; they are used after your plan's credits.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {CREDIT_PACKS.map((p) => (
              <Card key={p.credits} withBorder radius="md" padding="md" aria-label={`${credits(p.credits)} credits`} style={p.popular ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
                <Stack gap={6} align="flex-start" h="100%">
                  <Group gap={6} h={22}>
                    {p.popular && (
                      <Badge size="sm" variant="filled">
                        Most popular
                      </Badge>
                    )}
                  </Group>
                  <Title order={4}>{credits(p.credits)}</Title>
                  <Text size="sm" c="dimmed">
                    credits
                  </Text>
                  <Text fw={700} size="lg" mt="auto">
                    {dollars(p.priceCents)}
                  </Text>
                  <Button fullWidth variant={p.popular ? 'filled' : 'light'} onClick={() => choose(p)}>
                    Buy
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
