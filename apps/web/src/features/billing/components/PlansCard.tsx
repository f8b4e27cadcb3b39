import { YEARLY_DISCOUNT } from '@leadline/shared';
import type { Tariff } from '@leadline/shared/billing/schemas';
import { Anchor, Badge, Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { fetchPaymentSecret, useTariffs } from '../api';
import { credits, dollars } from '../format';
import { EmbeddedCheckoutPanel } from './EmbeddedCheckoutPanel';

type Cycle = 'monthly' | 'yearly';

/** Plan selection (spec §9: yearly by default, -20% shown; Growth through sales) and its checkout. */
export function PlansCard({ publishableKey, contactSalesUrl }: { publishableKey: string | null; contactSalesUrl: string }) {
  const tariffs = useTariffs();
  const [cycle, setCycle] = useState<Cycle>('yearly');
  const [chosen, setChosen] = useState<{ tariff: Tariff; lookupKey: string } | null>(null);
  const index = cycle === 'monthly' ? 0 : 1;

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
              onChange={(v) => setCycle(v as Cycle)}
              aria-label="Billing cycle"
              data={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'yearly', label: `Yearly -${YEARLY_DISCOUNT * 100}%` },
              ]}
            />
          )}
        </Group>
        {chosen ? (
          <EmbeddedCheckoutPanel
            publishableKey={publishableKey}
            fetchClientSecret={() => fetchPaymentSecret({ mode: 'subscription', ui_mode: 'embedded', items: [{ lookup_key: chosen.lookupKey, quantity: 1 }] })}
            onBack={() => setChosen(null)}
          />
        ) : tariffs.isPending ? (
          <Loader size="sm" />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 4 }} spacing="md">
            {tariffs.data?.map((tariff) => {
              const v = tariff.variations[index];
              const monthly = cycle === 'yearly' ? v.price / 12 : v.price;
              return (
                <Card key={tariff._id} withBorder padding="md" radius="md" aria-label={tariff.name}>
                  <Stack gap={6} h="100%">
                    <Group gap={6} justify="space-between">
                      <Text fw={700}>{tariff.name}</Text>
                      {tariff.popular && <Badge size="sm">Popular</Badge>}
                    </Group>
                    <Text size="xl" fw={700}>
                      {dollars(Math.round(monthly))}
                      <Text span size="sm" c="dimmed" fw={400}>
                        {' '}
                        / month
                      </Text>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {cycle === 'yearly' ? `${dollars(v.price)} billed yearly` : 'billed monthly'}
                    </Text>
                    <Text size="sm">{credits(v.credits)} credits / {cycle === 'yearly' ? 'year' : 'month'}</Text>
                    <Text size="xs" c="dimmed" mb="xs">
                      {tariff.description}
                    </Text>
                    <Button mt="auto" variant={tariff.popular ? 'filled' : 'light'} onClick={() => setChosen({ tariff, lookupKey: v.lookup_key })}>
                      Choose {tariff.name}
                    </Button>
                  </Stack>
                </Card>
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
                <Button mt="auto" variant="default" component="a" href={contactSalesUrl} target="_blank" rel="noreferrer">
                  Contact sales
                </Button>
              </Stack>
            </Card>
          </SimpleGrid>
        )}
        {!chosen && (
          <Text size="xs" c="dimmed">
            Unused plan credits expire at the end of each period; credit packs never do. Questions? <Anchor href={contactSalesUrl}>Talk to sales</Anchor>.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
