import { InviteBody, type InvitedMemberDto } from '@leadline/shared';
import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useZodForm } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useInviteMembers } from '../api';
import { InvitationLinks } from './InvitationLinks';

const ROLE_OPTIONS = [
  { value: 'MEMBER', label: 'Member' },
  { value: 'ADMIN', label: 'Admin' },
];
const emptyRow = () => ({ name: '', email: '', role: 'MEMBER' });

type InviteForm = ReturnType<typeof useInviteForm>;
const useInviteForm = () => useZodForm(InviteBody, { members: [emptyRow()] });

type InviteRowProps = { index: number; form: InviteForm; removable: boolean; onRemove: () => void };

/** One person to invite. Only the first row shows labels; the others name theirs by number. */
function InviteRow({ index, form, removable, onRemove }: InviteRowProps) {
  const labelled = (label: string) =>
    index === 0 ? { label } : { 'aria-label': `${label} of member ${index + 1}` };
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput {...labelled('Name')} flex={1} {...form.getInputProps(`members.${index}.name`)} />
      <TextInput {...labelled('Email')} type="email" flex={1.4} {...form.getInputProps(`members.${index}.email`)} />
      <Select
        {...labelled('Role')}
        w={130}
        data={ROLE_OPTIONS}
        allowDeselect={false}
        {...form.getInputProps(`members.${index}.role`)}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        mt={index === 0 ? 25 : 0}
        aria-label={`Remove member ${index + 1}`}
        disabled={!removable}
        onClick={onRemove}
      >
        <IconTrash size={18} stroke={1.7} />
      </ActionIcon>
    </Group>
  );
}

type InviteMembersDialogProps = { opened: boolean; onClose: () => void };

export function InviteMembersDialog({ opened, onClose }: InviteMembersDialogProps) {
  const invite = useInviteMembers();
  const form = useInviteForm();
  const rows = form.values.members;
  // Invitations the server could not email: their links stay on screen until the inviter is done.
  const [links, setLinks] = useState<InvitedMemberDto[]>([]);

  const close = () => {
    form.reset();
    invite.reset();
    setLinks([]);
    onClose();
  };

  const submit = form.onSubmit(({ members }) =>
    invite.mutate(members, {
      onSuccess: ({ data }) => {
        const unsent = data.filter((member) => member.inviteUrl);
        if (unsent.length > 0) {
          setLinks(unsent);
          notify.success('Invitations created. Copy each link and send it to its person.');
          return;
        }
        notify.success('Invitations sent successfully!');
        close();
      },
      onError: form.showServerError,
    }),
  );

  const addRow = () => form.setValues((current) => ({ members: [...current.members, emptyRow()] }));
  const removeRow = (index: number) => {
    // Errors are keyed by row index, which shifts when a row goes.
    form.clearErrors();
    form.setValues((current) => ({ members: current.members.filter((_, i) => i !== index) }));
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite members" size={760}>
      {links.length > 0 ? (
        <InvitationLinks members={links} onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              Invite colleagues who use your company email domain. They join your team once they accept.
            </Text>
            {rows.map((_, index) => (
              <InviteRow
                key={index}
                index={index}
                form={form}
                removable={rows.length > 1}
                onRemove={() => removeRow(index)}
              />
            ))}
            <Group>
              <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={16} />} onClick={addRow}>
                Add another member
              </Button>
            </Group>
            {form.errors.members && <Text size="sm" c="red">{form.errors.members}</Text>}
            {form.formError && (
              <Alert color="red" variant="light" role="alert">
                {form.formError}
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={invite.isPending}>
                Send invitations
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
