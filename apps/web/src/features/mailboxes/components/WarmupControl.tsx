import { CREDIT_COSTS, WARMUP_MESSAGES, WarmupStartBody, type EmailAccount, type EmailWarmup } from '@leadline/shared';
import { Alert, Anchor, Button, Checkbox, Group, Modal, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { usePatchWarmup, useStartWarmup, useWarmupLink } from '../api';

/** The warm-up switch of an account row (spec/settings.md §4), with the day's ramp and inbox placement under it. */
export function WarmupControl({ account, warmup }: { account: EmailAccount; warmup: EmailWarmup | undefined }) {
  const [dialog, setDialog] = useState(false);
  const patch = usePatchWarmup();
  const status = warmup?.status ?? 'none';
  const nameless = account.name.trim() === '';
  const toggle = (on: boolean) => {
    if (on && status === 'none') return setDialog(true);
    patch.mutate(
      { email: account.emailAddress, action: on ? 'start' : 'pause' },
      { onError: (error) => notify.error(isApiError(error) && error.status < 500 ? error.message : on ? WARMUP_MESSAGES.startFailed : WARMUP_MESSAGES.pauseFailed) },
    );
  };
  const toggleSwitch = (
    <Switch aria-label={`Warm up ${account.emailAddress}`} checked={status === 'active'} disabled={nameless || !account.isConnected} onChange={(e) => toggle(e.currentTarget.checked)} />
  );
  return (
    <Stack gap={2}>
      {nameless ? <Tooltip label={WARMUP_MESSAGES.nameRequired}><span>{toggleSwitch}</span></Tooltip> : toggleSwitch}
      {warmup && status !== 'none' && (
        <Text size="xs" c="dimmed">
          {status === 'active' ? `${warmup.sentToday} of ${warmup.dailyTarget} today` : `Paused${warmup.pausedReason ? `: ${warmup.pausedReason}` : ''}`}
          {warmup.inboxPlacementRate !== null && ` · ${Math.round(warmup.inboxPlacementRate * 100)}% inbox`}
        </Text>
      )}
      {dialog && <WarmupDialog account={account} onClose={() => setDialog(false)} />}
    </Stack>
  );
}

/** Managed deliverability: who the warm-up writes as, the Gmail app password, the pool, the cost. */
function WarmupDialog({ account, onClose }: { account: EmailAccount; onClose: () => void }) {
  const [first = '', ...rest] = account.name.trim().split(/\s+/);
  const form = useZodForm(WarmupStartBody, { email: account.emailAddress, provider: account.account, first_name: first, last_name: rest.join(' '), app_password: '', sharePool: false });
  const start = useStartWarmup();
  const link = useWarmupLink(account.emailAddress, account.account === 'outlook');
  return (
    <Modal opened onClose={onClose} title="Managed deliverability" size="lg">
      <form
        onSubmit={form.onSubmit((body) =>
          start.mutate(body, {
            onSuccess: () => {
              notify.success(`Warm-up started for ${account.emailAddress}.`);
              onClose();
            },
            onError: (error) => (isApiError(error) && error.status < 500 ? form.showServerError(error) : notify.error(WARMUP_MESSAGES.startFailed)),
          }),
        )}
      >
        <Stack gap="sm">
          <Text size="sm">
            Leadline sends small, natural messages between this mailbox and the warm-up pool, starting at 5 a day and adding 2 a day; they are answered, marked important and
            taken out of spam, and never shown in your Inbox. It costs {CREDIT_COSTS.aiEmailWarmupPerInbox.toLocaleString('en')} credits per inbox per month.
          </Text>
          <SimpleGrid cols={2}>
            <TextInput label="First name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          {account.account === 'outlook' && (
            <Alert color={link.isError ? 'red' : 'blue'}>
              {link.isError ? (
                isApiError(link.error) ? link.error.message : WARMUP_MESSAGES.startFailed
              ) : (
                <>
                  The warm-up writes through a Microsoft sign-in of this mailbox.{' '}
                  <Anchor href={link.data} aria-disabled={!link.data}>
                    Sign in to Microsoft as {account.emailAddress}
                  </Anchor>{' '}
                  once, then start here.
                </>
              )}
            </Alert>
          )}
          {account.account === 'gmail' && (
            <PasswordInput
              label="Google app password"
              description="16 characters, from your Google account's Security → App passwords. Needed when the mailbox is connected with a password rather than Google sign-in."
              {...form.getInputProps('app_password')}
            />
          )}
          <Checkbox
            label="Also warm up with other teams' mailboxes on this server (a larger pool)"
            checked={Boolean(form.values.sharePool)}
            onChange={(e) => form.setFieldValue('sharePool', e.currentTarget.checked)}
          />
          {form.formError && <Alert color="red">{form.formError}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={start.isPending}>
              Start warm-up
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
