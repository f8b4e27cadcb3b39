import { BILLING_CYCLE_OPTIONS, DEFAULT_BILLING_CYCLE, ONBOARDING_MESSAGES, PLANS, SELF_SERVE_PLANS, TRIAL_DAYS, type BillingCycle } from '@leadline/shared';
import { Alert, Button, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PlanCard } from '../../billing/components/PlanCard';
import { useBillingAvailable } from '../api';

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
          data={[...BILLING_CYCLE_OPTIONS]}
        />
        {billing.isPending && <Loader size="sm" aria-label="Checking billing" />}
      </Group>
      {!billing.isPending && !canBuy && (
        <Alert color="yellow" title="No payment needed now">
          {ONBOARDING_MESSAGES.billingOff}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {SELF_SERVE_PLANS.map((plan) => {
          const variation = plan[cycle];
          if (!variation) return null;
          return (
            <PlanCard
              key={plan.id}
              name={plan.name}
              popular={plan.popular}
              cycle={cycle}
              priceCents={variation.priceCents}
              credits={variation.credits}
              onChoose={canBuy ? () => navigate(`/settings?tab=billing&plan=${plan.id}&cycle=${cycle}`) : undefined}
            >
              {plan.id === 'hobby' && (
                <Text size="xs" c="teal">
                  {TRIAL_DAYS} day free trial
                </Text>
              )}
            </PlanCard>
          );
        })}
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
