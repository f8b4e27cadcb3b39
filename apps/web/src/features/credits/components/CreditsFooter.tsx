import { CREDIT_LEVEL_COLORS, planName, showBuyMore } from '@leadline/shared';
import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../auth/api';
import { useCreditsInfo, useRefreshCreditsAfter } from '../api';

const format = (n: number) => n.toLocaleString('en-US');

/**
 * Spec §2 credits footer: available against total credits with a plan badge; 'Buy More' only for
 * the team owner and only at 10% or less left (billing is a later issue: it opens the credits tab).
 */
/** `refreshAfter`: the query key of the requests that spend credits on this screen. */
export function CreditsFooter({ refreshAfter }: { refreshAfter: readonly unknown[] }) {
  const { user } = useCurrentUser();
  const { data: credits } = useCreditsInfo();
  useRefreshCreditsAfter(refreshAfter);
  if (!credits) return null;
  const color = CREDIT_LEVEL_COLORS[credits.level];
  const share = credits.total > 0 ? (credits.available / credits.total) * 100 : 0;

  return (
    <Stack gap={6} data-testid="credits-footer" data-level={credits.level} aria-label="Credits">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconCoins size={16} stroke={1.7} aria-hidden />
          <Text size="sm" fw={600}>
            {format(credits.available)} / {format(credits.total)} credits
          </Text>
        </Group>
        <Badge size="sm" variant="light" color="gray" tt="none">
          {planName(credits.plan)}
        </Badge>
      </Group>
      <Progress value={share} color={color} size="sm" aria-label={`${format(credits.available)} of ${format(credits.total)} credits available`} />
      {showBuyMore(credits, user.permission) && (
        <Button component={Link} to="/settings?tab=credits" size="compact-sm" variant="light" color={color}>
          Buy More
        </Button>
      )}
    </Stack>
  );
}
