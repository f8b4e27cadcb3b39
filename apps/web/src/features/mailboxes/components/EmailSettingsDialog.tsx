import { MAIL_CAPACITY_GUIDANCE, MAIL_DAILY_CAPACITY, type EmailAccount } from '@leadline/shared';
import { Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../lib/notify';
import { useUpdateMailProfile } from '../api';

/** Email Settings (spec/settings.md §3, §5): name, title and a daily sending limit clamped to 1..100. */
export function EmailSettingsDialog({ account, onClose }: { account: EmailAccount; onClose: () => void }) {
  const [name, setName] = useState(account.name);
  const [title, setTitle] = useState(account.title);
  const [capacity, setCapacity] = useState<number>(account.dailyCapacity);
  const update = useUpdateMailProfile();
  const save = () =>
    update.mutate(
      { emailAddress: account.emailAddress, emailAccountType: account.account, newName: name, newTitle: title, newCapacity: capacity },
      {
        onSuccess: () => {
          notify.success('Email settings saved.');
          onClose();
        },
        onError: () => notify.error('There was an error trying to save your email account settings. Please try again later!'),
      },
    );
  return (
    <Modal opened onClose={onClose} title="Email Settings">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {account.emailAddress}
        </Text>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <NumberInput
          label="Daily sending limit"
          description={MAIL_CAPACITY_GUIDANCE}
          min={MAIL_DAILY_CAPACITY.min}
          max={MAIL_DAILY_CAPACITY.max}
          value={capacity}
          onChange={(v) => setCapacity(Math.min(MAIL_DAILY_CAPACITY.max, Math.max(MAIL_DAILY_CAPACITY.min, Number(v) || MAIL_DAILY_CAPACITY.min)))}
        />
        <DialogFooter onCancel={onClose} onSave={save} saving={update.isPending} />
      </Stack>
    </Modal>
  );
}
