import type { InvitationDto } from '@leadline/shared';
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { usePendingInvitations } from '../api';

function InvitationCard({ invitation }: { invitation: InvitationDto }) {
  const inviter = invitation.invitedByName ?? 'A team owner';
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={`Invitation to ${invitation.teamName}`}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md">
          <IconMailOpened size={20} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text size="sm">
            {inviter} invited you to join <b>{invitation.teamName}</b> as {invitation.role.toLowerCase()}
          </Text>
          {/* Answering takes the secret of the invitation's link, which this list does not know. */}
          <Text size="xs" c="dimmed">
            Open the link of your invitation to accept or decline it.
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** Invitations addressed to the signed-in user, shown above every page until answered. */
export function PendingInvitations() {
  const { data: invitations } = usePendingInvitations();
  if (!invitations?.length) return null;
  return (
    <Stack gap="sm" mb="lg">
      {invitations.map((invitation) => (
        <InvitationCard key={invitation._id} invitation={invitation} />
      ))}
    </Stack>
  );
}
