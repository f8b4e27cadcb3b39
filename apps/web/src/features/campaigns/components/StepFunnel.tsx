import { Box, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CampaignStepDto } from '@leadline/shared/campaigns/index';

const MEASURES = ['sent', 'opened', 'clicked', 'replied', 'bounced', 'unsubscribed'] as const;

/** Per step: how many were sent, and of those how many were opened, clicked, replied, bounced, unsubscribed. */
export function StepFunnel({ steps, leads }: { steps: CampaignStepDto[]; leads: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {steps.map((step) => (
        <Card withBorder key={step.id} aria-label={`Step ${step.position + 1} funnel`}>
          <Text fw={600} mb="xs">
            Step {step.position + 1}: {step.type === 'email' ? (step.subject ?? 'Reply in thread') : step.type}
          </Text>
          <Stack gap={6}>
            {MEASURES.map((m) => {
              const value = step.counts[m];
              const base = m === 'sent' ? Math.max(leads, 1) : Math.max(step.counts.sent, 1);
              return (
                <div key={m}>
                  <Group justify="space-between">
                    <Text size="sm">{m[0]!.toUpperCase() + m.slice(1)}</Text>
                    <Text size="sm" data-measure={m}>
                      {value}
                    </Text>
                  </Group>
                  <Box h={6} bg="gray.2" style={{ borderRadius: 3 }}>
                    <Box h={6} bg="blue.6" w={`${Math.min(100, (100 * value) / base)}%`} style={{ borderRadius: 3 }} />
                  </Box>
                </div>
              );
            })}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
