import { monthlyPriceCents, type BillingCycle } from '@leadline/shared';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { credits as creditCount, dollars } from '../format';

type PlanCardProps = {
  name: string;
  popular: boolean;
  cycle: BillingCycle;
  /** What one cycle costs, in cents. */
  priceCents: number;
  /** The credits one cycle grants. */
  credits: number;
  /** Lines under the price: what the plan is for, its trial. */
  children?: ReactNode;
  /** Offers "Choose {name}"; without it the card only informs. */
  onChoose?: () => void;
};

/** One self-serve plan of spec §9 in a cycle, priced per month: Settings → Billing and onboarding's plan step. */
export function PlanCard({ name, popular, cycle, priceCents, credits, children, onChoose }: PlanCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={name} style={popular ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      <Stack gap={6} h="100%">
        <Group gap={6} justify="space-between">
          <Text fw={700}>{name}</Text>
          {popular && <Badge size="sm">Popular</Badge>}
        </Group>
        <Text fz={28} fw={700} lh={1.1}>
          {dollars(monthlyPriceCents(priceCents, cycle))}
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            / month
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {cycle === 'yearly' ? `${dollars(priceCents)} billed yearly` : 'billed monthly'}
        </Text>
        <Text size="sm" mt={4}>
          {creditCount(credits)} credits / {cycle === 'yearly' ? 'year' : 'month'}
        </Text>
        {children}
        {onChoose && (
          <Button mt="auto" variant={popular ? 'filled' : 'default'} onClick={onChoose} h="auto" mih={36} py={6} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}>
            Choose {name}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
