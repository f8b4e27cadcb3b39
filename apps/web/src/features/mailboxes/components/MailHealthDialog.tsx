import type { EmailAccount, MailHealthStatus } from '@leadline/shared';
import { Alert, Badge, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMailHealth } from '../api';

const STATUS: Record<MailHealthStatus, { color: string; label: string }> = {
  pass: { color: 'teal', label: 'OK' },
  warn: { color: 'yellow', label: 'Improve' },
  fail: { color: 'red', label: 'Fix' },
  unknown: { color: 'gray', label: 'Unknown' },
};

/** The mailbox's domain as receivers see it: MX, SPF, DKIM and DMARC, each with what to fix. */
export function MailHealthDialog({ account, onClose }: { account: EmailAccount; onClose: () => void }) {
  const health = useMailHealth(account.emailAddress);
  return (
    <Modal opened onClose={onClose} title={`Health of ${account.emailAddress}`} size="lg">
      {health.isPending && <Loader />}
      {health.error && <Alert color="red">There was an error fetching your email account health. Please try again later!</Alert>}
      {health.data && (
        <Stack gap="md">
          {!health.data.dnsReachable && <Alert color="gray">DNS could not be reached from this server, so some checks are unknown. They run again when you reopen this.</Alert>}
          {health.data.checks.map((c) => (
            <Stack key={c.name} gap={4}>
              <Group gap="xs">
                <Text fw={600}>{c.name}</Text>
                <Badge color={STATUS[c.status].color} variant="light">
                  {STATUS[c.status].label}
                </Badge>
              </Group>
              <Text size="sm">{c.detail}</Text>
              {c.fix && (
                <Text size="sm" c="dimmed">
                  {c.fix}
                </Text>
              )}
            </Stack>
          ))}
          <Text size="xs" c="dimmed">
            Checked {new Date(health.data.checkedAt).toLocaleString()} for {health.data.domain}.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
