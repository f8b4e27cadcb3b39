import { LISTS_MESSAGES, type InvitedMemberDto } from '@leadline/shared';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';

/**
 * The links of invitations the server could not email, for the inviter to pass on. Each works
 * once, for the invited address only, for 7 days.
 */
export function InvitationLinks({ members, onDone }: { members: InvitedMemberDto[]; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="blue" variant="light" title="Send these links yourself">
        This server does not send email. Pass each link on to the person it is for: it works once, only for their address,
        for 7 days.
      </Alert>
      {members.map((member) => (
        <Group key={member._id} align="flex-end" wrap="nowrap" gap="sm">
          <TextInput label={`Invitation link for ${member.email}`} value={member.inviteUrl} readOnly flex={1} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={member.inviteUrl ?? ''}>
            {({ copy }) => (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                aria-label={`Copy the link for ${member.email}`}
                onClick={() => {
                  copy();
                  notify.success(LISTS_MESSAGES.copied);
                }}
              >
                Copy
              </Button>
            )}
          </CopyButton>
        </Group>
      ))}
      <Text size="sm" c="dimmed">
        Invited people appear as INVITED in the members table until they accept.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
