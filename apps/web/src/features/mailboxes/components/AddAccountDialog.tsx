import { ImapConnectBody, MAIL_OAUTH_LABEL, MAIL_OAUTH_MESSAGES, type MailOAuthProvider } from '@leadline/shared';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useZodForm } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { isApiError } from '../../../lib/api';
import { useConnectImap, useMailProviders, useStartMailOAuth } from '../api';

type Choice = 'gmail' | 'outlook' | 'imap';


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
        ) : providers.data?.[choice] ? (
          <OAuthSignIn provider={choice} />
        ) : (
          providers.data && <Alert color="yellow">{MAIL_OAUTH_MESSAGES.notConfigured(choice)}</Alert>
        )}
      </Stack>
    </Modal>
  );
}

/** Sends the browser to Google's or Microsoft's consent page; it comes back to /mail/{provider}/callback. */
export function OAuthSignIn({ provider, emailAddress, label }: { provider: MailOAuthProvider; emailAddress?: string; label?: string }) {
  const start = useStartMailOAuth();
  return (
    <Stack gap="xs" align="flex-start">
      {!emailAddress && (
        <Text size="sm" c="dimmed">
          You sign in at {MAIL_OAUTH_LABEL[provider].company} and allow Leadline to read and send your mail; Leadline never sees your password.
        </Text>
      )}
      <Button
        loading={start.isPending}
        onClick={() =>
          start.mutate(
            { provider, ...(emailAddress ? { emailAddress } : {}) },
            {
              onSuccess: (url) => window.location.assign(url),
              onError: (error) => notify.error(isApiError(error) && error.status === 503 ? error.message : 'There was an error adding the email account. Please try again later!'),
            },
          )
        }
      >
        {label ?? `Sign in with ${MAIL_OAUTH_LABEL[provider].company}`}
      </Button>
    </Stack>
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
