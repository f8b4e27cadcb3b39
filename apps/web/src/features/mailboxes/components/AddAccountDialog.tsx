import { ImapConnectBody } from '@leadline/shared';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useZodForm } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useConnectImap, useMailProviders } from '../api';

type Choice = 'gmail' | 'outlook' | 'imap';

const OAUTH_VARIABLE: Record<Exclude<Choice, 'imap'>, { label: string; variable: string }> = {
  gmail: { label: 'Gmail', variable: 'GOOGLE_CLIENT_ID' },
  outlook: { label: 'Outlook', variable: 'MICROSOFT_CLIENT_ID' },
};

const EMPTY = {
  emailAddress: '',
  name: '',
  username: '',
  password: '',
  imap: { host: '', port: 993, secure: true },
  smtp: { host: '', port: 465, secure: true },
};

/** Add Account (spec/settings.md §2): Gmail or Outlook by OAuth where this server has it, or any IMAP/SMTP mailbox. */
export function AddAccountDialog({ onClose }: { onClose: () => void }) {
  const [choice, setChoice] = useState<Choice>('imap');
  const providers = useMailProviders();
  return (
    <Modal opened onClose={onClose} title="Add Account" size="lg">
      <Stack gap="md">
        <SegmentedControl
          value={choice}
          onChange={(v) => setChoice(v as Choice)}
          data={[
            { value: 'gmail', label: 'Gmail' },
            { value: 'outlook', label: 'Outlook' },
            { value: 'imap', label: 'Other (IMAP/SMTP)' },
          ]}
        />
        {choice === 'imap' ? (
          <ImapForm onDone={onClose} />
        ) : (
          <Alert color={providers.data?.[choice] ? 'indigo' : 'yellow'}>
            {providers.data?.[choice]
              ? `${OAUTH_VARIABLE[choice].label} sign-in is configured on this server, but connecting through it is not available in this version yet. Use Other (IMAP/SMTP) with an app password meanwhile.`
              : `${OAUTH_VARIABLE[choice].label} sign-in (OAuth) is not configured on this server: its administrator has to set ${OAUTH_VARIABLE[choice].variable}. Meanwhile you can connect the mailbox with Other (IMAP/SMTP) and an app password.`}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}

function ServerFields({ form, which }: { form: ReturnType<typeof useZodForm<typeof ImapConnectBody>>; which: 'imap' | 'smtp' }) {
  const label = which === 'imap' ? 'IMAP' : 'SMTP';
  const server = form.values[which];
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        {label} server (for {which === 'imap' ? 'reading' : 'sending'})
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={`${label} host`} placeholder={which === 'imap' ? 'imap.example.com' : 'smtp.example.com'} {...form.getInputProps(`${which}.host`)} />
        <NumberInput label={`${label} port`} min={1} max={65535} value={server.port as number} onChange={(v) => form.setFieldValue(`${which}.port`, v)} error={form.errors[`${which}.port`]} />
        <Checkbox
          mt={30}
          label="TLS from the start (SSL)"
          checked={server.secure}
          onChange={(e) => form.setFieldValue(`${which}.secure`, e.currentTarget.checked)}
        />
      </SimpleGrid>
      {form.errors[which] && (
        <Text c="red" size="sm" role="alert">
          {form.errors[which]}
        </Text>
      )}
    </Stack>
  );
}

function ImapForm({ onDone }: { onDone: () => void }) {
  const form = useZodForm(ImapConnectBody, EMPTY);
  const connect = useConnectImap();
  return (
    <form
      onSubmit={form.onSubmit((body) =>
        connect.mutate(body, {
          onSuccess: (account) => {
            notify.success(`${account.emailAddress} connected. Its mail is being synced.`);
            onDone();
          },
          onError: (error) => form.showServerError(error),
        }),
      )}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Both servers are tried with these details before the account is saved. With Gmail or Outlook, use an app password.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Email address" {...form.getInputProps('emailAddress')} />
          <TextInput label="Your name" {...form.getInputProps('name')} />
          <TextInput label="Username" {...form.getInputProps('username')} />
          <PasswordInput label="Password" {...form.getInputProps('password')} />
        </SimpleGrid>
        <ServerFields form={form} which="imap" />
        <ServerFields form={form} which="smtp" />
        {form.formError && <Alert color="red">{form.formError}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={connect.isPending}>
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
