import { planName, type SubscriptionInfo } from '@leadline/shared';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { canCancel, subscriptionText } from '../subscription-text';
import { CancelPlanDialog } from './CancelPlanDialog';

const STATUS_COLOR = { active: 'teal', trialing: 'blue', past_due: 'red', canceled: 'gray' } as const;
const STATUS_LABEL = { active: 'Active', trialing: 'Trial', past_due: 'Past due', canceled: 'Ended' } as const;

/** The plan, its status text (spec §4) and the cancel control. */
export function PlanStatusCard({ subscription, billingOn }: { subscription: SubscriptionInfo; billingOn: boolean }) {
  const [cancelling, setCancelling] = useState(false);
  const trialing = subscription.status === 'trialing';
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Plan">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs">
            <Title order={3} fz="h4">
              {planName(subscription.plan)} plan
            </Title>
            <Badge color={STATUS_COLOR[subscription.status]} variant="light">
              {subscription.isPlannedForCancellation ? 'Cancelling' : STATUS_LABEL[subscription.status]}
            </Badge>
          </Group>
          {billingOn && canCancel(subscription) && (
            <Button variant="default" onClick={() => setCancelling(true)}>
              {trialing ? 'Cancel Trial' : 'Cancel plan'}
            </Button>
          )}
        </Group>
        {subscription.status === 'past_due' ? (
          <Alert color="red" title="Payment failed" role="alert">
            {subscriptionText(subscription)}
          </Alert>
        ) : (
          <Text data-testid="subscription-text">{subscriptionText(subscription)}</Text>
        )}
      </Stack>
      <CancelPlanDialog opened={cancelling} onClose={() => setCancelling(false)} trialing={trialing} canDiscount={!trialing} />
    </Card>
  );
}
