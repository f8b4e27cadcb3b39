import type { KnowledgeProfileDto } from '@leadline/shared';
import { Badge, Group, Progress, Text, Tooltip } from '@mantine/core';

const COLORS = { processing: 'blue', ready: 'teal', failed: 'red' } as const;

export function KnowledgeProfileStatus({ profile }: { profile: KnowledgeProfileDto }) {
  const { done, total } = profile.progress;
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={profile.error ?? ''} disabled={!profile.error}>
        <Badge color={COLORS[profile.status]} variant="light">
          {profile.status}
        </Badge>
      </Tooltip>
      {profile.status === 'processing' && (
        <>
          <Progress value={total ? (100 * done) / total : 0} w={80} size="sm" animated />
          <Text size="xs" c="dimmed">
            {done}/{total ?? '…'}
          </Text>
        </>
      )}
    </Group>
  );
}
