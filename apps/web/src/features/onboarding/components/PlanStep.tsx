import { DEFAULT_BILLING_CYCLE, monthlyPriceCents, ONBOARDING_MESSAGES, PLANS, SELF_SERVE_PLANS, YEARLY_DISCOUNT, type BillingCycle, type Plan } from '@leadline/shared';
import { Alert, Badge, Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBillingAvailable } from '../api';

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

function PlanCard({ plan, cycle, canBuy, onChoose }: { plan: Plan; cycle: BillingCycle; canBuy: boolean; onChoose: () => void }) {
  const variation = plan[cycle];
  const perMonth = monthlyPriceCents(plan, cycle);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={plan.name} style={plan.popular ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      <Stack gap={6} h="100%">
        <Group justify="space-between">
          <Text fw={700}>{plan.name}</Text>
          {plan.popular && <Badge>Popular</Badge>}
        </Group>
        {perMonth !== null && variation && (
          <>
            <Text fz={28} fw={700} lh={1.1}>
              {dollars(perMonth)}
              <Text span size="sm" c="dimmed" fw={400}>
                {' '}
                / month
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {cycle === 'yearly' ? `${dollars(variation.priceCents)} billed yearly` : 'billed monthly'}
            </Text>
            <Text size="sm" mt={4}>
              {variation.credits.toLocaleString('en-US')} credits / {cycle === 'yearly' ? 'year' : 'month'}
            </Text>
          </>
        )}
        {plan.id === 'hobby' && (
          <Text size="xs" c="teal">
            7 day free trial
          </Text>
        )}
        {canBuy && (
          <Button mt="auto" variant={plan.popular ? 'filled' : 'default'} onClick={onChoose}>
            Choose {plan.name}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Step 1, select plan: the cycle tab (yearly first, -20%) and the plans. Without billing on this
 * server it says so and the user goes on with the trial.
 */
export function PlanStep({ onContinue }: { onContinue: () => void }) {
  const [cycle, setCycle] = useState<BillingCycle>(DEFAULT_BILLING_CYCLE);
  const billing = useBillingAvailable();
  const navigate = useNavigate();
  const canBuy = billing.data === true;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Billing cycle"
          value={cycle}
          onChange={(value) => setCycle(value as BillingCycle)}
          data={[
            { value: 'yearly', label: `Yearly (-${YEARLY_DISCOUNT * 100}%)` },
            { value: 'monthly', label: 'Monthly' },
          ]}
        />
        {billing.isPending && <Loader size="sm" aria-label="Checking billing" />}
      </Group>
      {!billing.isPending && !canBuy && (
        <Alert color="yellow" title="No payment needed now">
          {ONBOARDING_MESSAGES.billingOff}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {SELF_SERVE_PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} cycle={cycle} canBuy={canBuy} onChoose={() => navigate(`/settings?tab=billing&plan=${plan.id}&cycle=${cycle}`)} />
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {PLANS.growth.name}: custom credits and seats for larger teams (see Contact sales).
      </Text>
      <Group justify="flex-end">
        <Button onClick={onContinue}>Continue on the trial</Button>
      </Group>
    </Stack>
  );
}
