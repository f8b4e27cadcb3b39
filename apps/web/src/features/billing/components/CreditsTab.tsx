import { CREDIT_LEVEL_COLORS, planName } from '@leadline/shared';
import { BILLING_MESSAGES } from '@leadline/shared/billing/schemas';
import { Alert, Badge, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreditsInfo } from '../../credits/api';
import { useBillingConfig } from '../api';
import { credits, longDate } from '../format';
import { BillingOffNotice } from './BillingOffNotice';
import { BuyCreditsDialog } from './BuyCreditsDialog';

const LEVEL_LABEL = { normal: 'Safe', warning: 'Warning', danger: 'Danger', critical: 'Critical' } as const;

/** The settings "credits" tab (owner only): the credits card and, with billing on, Buy More Credits. */
export function CreditsTab() {
  const config = useBillingConfig();
  const info = useCreditsInfo();
  const [buying, setBuying] = useState(false);

  if (info.isError) return <Alert color="red">{BILLING_MESSAGES.creditsLoadFailed}</Alert>;
  if (info.isPending || config.isPending) return <Loader size="sm" />;
  const c = info.data;
  const share = c.total > 0 ? (c.available / c.total) * 100 : 0;

  return (
    <Stack gap="lg" maw={720}>
      {config.data && !config.data.enabled && <BillingOffNotice />}
      <Card withBorder radius="md" padding="lg" aria-label="Credits card" data-testid="credits-card">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Group gap="xs">
              <IconCoins size={22} stroke={1.6} aria-hidden />
              <Title order={3} fz="h4">
                Credits
              </Title>
              <Badge variant="light" color="gray" tt="none">
                {planName(c.plan)}
              </Badge>
              {/* The status badge hides while the team is safe (spec §4). */}
              {c.level !== 'normal' && (
                <Badge color={CREDIT_LEVEL_COLORS[c.level]} variant="light">
                  {LEVEL_LABEL[c.level]}
                </Badge>
              )}
            </Group>
            {config.data?.enabled && <Button onClick={() => setBuying(true)}>Buy More Credits</Button>}
          </Group>
          <Text size="xl" fw={700} data-testid="credits-available">
            {credits(c.available)} / {credits(c.total)}
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              credits available
            </Text>
          </Text>
          <Progress value={share} color={CREDIT_LEVEL_COLORS[c.level]} size="lg" aria-label={`${credits(c.available)} of ${credits(c.total)} credits available`} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {credits(c.used)} used{c.held > 0 ? `, ${credits(c.held)} reserved by running jobs` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              Period {longDate(c.startDate)} – {longDate(c.endDate)}
            </Text>
          </Group>
        </Stack>
      </Card>
      {config.data?.enabled && <BuyCreditsDialog opened={buying} onClose={() => setBuying(false)} publishableKey={config.data.publishableKey} />}
    </Stack>
  );
}
