import { BILLING_CYCLE_OPTIONS, DEFAULT_BILLING_CYCLE, type BillingCycle } from '@leadline/shared';
import type { Tariff } from '@leadline/shared/billing/schemas';
import { Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchPaymentSecret, useTariffs } from '../api';
import { ContactSales, NO_CONTACT_SALES_LINK } from './ContactSales';
import { EmbeddedCheckoutPanel } from './EmbeddedCheckoutPanel';
import { PlanCard } from './PlanCard';

/** Plan selection (spec §9: yearly by default, -20% shown; Growth through sales) and its checkout. */
export function PlansCard({ publishableKey, contactSalesUrl }: { publishableKey: string | null; contactSalesUrl: string | null }) {
  const tariffs = useTariffs();
  // Onboarding's "Choose {plan}" links here with ?plan=&cycle=: that plan's checkout opens at once.
  const [params, setParams] = useSearchParams();
  const [cycle, setCycle] = useState<BillingCycle>(params.get('cycle') === 'monthly' ? 'monthly' : DEFAULT_BILLING_CYCLE);
  const [picked, setChosen] = useState<{ tariff: Tariff; lookupKey: string } | null>(null);
  const index = cycle === 'monthly' ? 0 : 1;
  const asked = picked ? undefined : tariffs.data?.find((tariff) => tariff._id === params.get('plan'));
  const chosen = picked ?? (asked ? { tariff: asked, lookupKey: asked.variations[index].lookup_key } : null);
  const back = () => {
    setChosen(null);
    if (params.has('plan')) {
      const next = new URLSearchParams(params);
      next.delete('plan');
      next.delete('cycle');
      setParams(next, { replace: true });
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Plans">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz="h4">
            {chosen ? `${chosen.tariff.name}, ${cycle}` : 'Choose a plan'}
          </Title>
          {!chosen && (
            <SegmentedControl
              value={cycle}
              onChange={(v) => setCycle(v as BillingCycle)}
              aria-label="Billing cycle"
              data={[...BILLING_CYCLE_OPTIONS]}
            />
          )}
        </Group>
        {chosen ? (
          <EmbeddedCheckoutPanel
            publishableKey={publishableKey}
            fetchClientSecret={() => fetchPaymentSecret({ mode: 'subscription', ui_mode: 'embedded', items: [{ lookup_key: chosen.lookupKey, quantity: 1 }] })}
            onBack={back}
          />
        ) : tariffs.isPending ? (
          <Loader size="sm" />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 4 }} spacing="md">
            {tariffs.data?.map((tariff) => {
              const v = tariff.variations[index];
              return (
                <PlanCard key={tariff._id} name={tariff.name} popular={tariff.popular} cycle={cycle} priceCents={v.price} credits={v.credits} onChoose={() => setChosen({ tariff, lookupKey: v.lookup_key })}>
                  <Text size="xs" c="dimmed" mb="xs">
                    {tariff.description}
                  </Text>
                </PlanCard>
              );
            })}
            <Card withBorder padding="md" radius="md" aria-label="Growth">
              <Stack gap={6} h="100%">
                <Text fw={700}>Growth</Text>
                <Text size="xl" fw={700}>
                  Custom
                </Text>
                <Text size="sm" c="dimmed" mb="xs">
                  Volume credits, seats and onboarding for larger teams.
                </Text>
                {contactSalesUrl ? (
                  <Button mt="auto" variant="default" component="a" href={contactSalesUrl} target="_blank" rel="noreferrer">
                    Contact sales
                  </Button>
                ) : (
                  <Text size="sm" mt="auto">
                    {NO_CONTACT_SALES_LINK}
                  </Text>
                )}
              </Stack>
            </Card>
          </SimpleGrid>
        )}
        {!chosen && (
          <Text size="xs" c="dimmed">
            Unused plan credits expire at the end of each period; credit packs never do.
            {contactSalesUrl && (
              <>
                {' '}
                Questions? <ContactSales url={contactSalesUrl}>Talk to sales</ContactSales>.
              </>
            )}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
