import type { EmailAccount } from '@leadline/shared';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useDisconnectMail, useEmailAccounts, useSetMailActive, useWarmups } from '../api';
import { AddAccountDialog, OAuthSignIn } from './AddAccountDialog';
import { EmailSettingsDialog } from './EmailSettingsDialog';
import { MailHealthDialog } from './MailHealthDialog';
import { WarmupControl } from './WarmupControl';

const PROVIDER_LABEL = { gmail: 'Gmail', outlook: 'Outlook', imap: 'IMAP/SMTP' } as const;

/** Settings → Accounts → Email Accounts (spec/settings.md §2, §4): the member's own mailboxes. */
export function EmailAccountsSection() {
  const accounts = useEmailAccounts();
  const warmups = useWarmups();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<EmailAccount | null>(null);
  const [removing, setRemoving] = useState<EmailAccount | null>(null);
  const [checking, setChecking] = useState<EmailAccount | null>(null);
  const setActive = useSetMailActive();
  const disconnect = useDisconnectMail();

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={3} size="h4">
              Email Accounts
            </Title>
            <Text size="sm" c="dimmed">
              The mailboxes you read in the Inbox and send from. Only you see their mail.
            </Text>
          </div>
          <Button onClick={() => setAdding(true)}>Add Account</Button>
        </Group>
        {accounts.error && <Alert color="red">There was an error fetching your email accounts. Please try again later!</Alert>}
        {accounts.data?.length === 0 && <Text c="dimmed">No email account connected yet. Add one to read and send mail from Leadline.</Text>}
        {accounts.data && accounts.data.length > 0 && (
          <Table verticalSpacing="sm" aria-label="Email accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Capacity today</Table.Th>
                <Table.Th>In use</Table.Th>
                <Table.Th>Warm-up</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.data.map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Td>
                    <Text fw={500}>{a.emailAddress}</Text>
                    <Text size="xs" c="dimmed">
                      {[a.name, a.title, PROVIDER_LABEL[a.account]].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {/* The width keeps the status badge whole when the row's other columns claim the space. */}
                    <Stack gap={2} miw={130}>
                      <Badge color={a.isConnected ? 'teal' : 'red'} variant="light">
                        {a.isConnected ? 'Connected' : 'Disconnected'}
                      </Badge>
                      {!a.isConnected && a.disconnectedReason && (
                        <Text size="xs" c="red">
                          {a.disconnectedReason}
                        </Text>
                      )}
                      {!a.isConnected && a.account !== 'imap' && <OAuthSignIn provider={a.account} emailAddress={a.emailAddress} label="Reconnect" />}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {a.availableCapacity} of {a.dailyCapacity} left
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Use ${a.emailAddress}`}
                      checked={a.isActive}
                      onChange={(e) => setActive.mutate({ ...a, next: e.currentTarget.checked }, { onError: () => notify.error('There was an error trying to update your email account. Please try again later!') })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <WarmupControl account={a} warmup={warmups.data?.find((w) => w.emailAddress === a.emailAddress)} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="default" onClick={() => setChecking(a)}>
                        Health
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing(a)}>
                        Settings
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(a)}>
                        Disconnect
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {adding && <AddAccountDialog onClose={() => setAdding(false)} />}
      {editing && <EmailSettingsDialog account={editing} onClose={() => setEditing(null)} />}
      {checking && <MailHealthDialog account={checking} onClose={() => setChecking(null)} />}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Disconnect the account?">
        <Stack>
          <Text size="sm">{removing?.emailAddress} and the mail Leadline stored from it are removed from Leadline. The mailbox itself is not changed.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={disconnect.isPending}
              onClick={() =>
                removing &&
                disconnect.mutate(removing, {
                  onSuccess: () => {
                    notify.success(`${removing.emailAddress} disconnected.`);
                    setRemoving(null);
                  },
                  onError: () => notify.error('There was an error trying to remove the email account. Please try again later!'),
                })
              }
            >
              Disconnect
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
