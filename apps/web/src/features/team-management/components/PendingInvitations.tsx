import type { InvitationDto } from '@leadline/shared';
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { teamKeys, usePendingInvitations, useRespondToInvitation } from '../api';

function InvitationCard({ invitation }: { invitation: InvitationDto }) {
  const queryClient = useQueryClient();
  const respond = useRespondToInvitation();
  const inviter = invitation.invitedByName ?? 'A team owner';
  const pendingAction = respond.isPending ? respond.variables.action : null;

  const accept = () =>
    respond.mutate(
      { invitationId: invitation._id, action: 'accept' },
      {
        onSuccess: async () => {
          // Joining a team changes the user's team, role and everything they may see.
          await queryClient.invalidateQueries();
          notify.success(`You joined ${invitation.teamName}.`);
        },
      },
    );

  const reject = () =>
    respond.mutate(
      { invitationId: invitation._id, action: 'reject' },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: teamKeys.invitations });
          notify.success(`You declined the invitation to ${invitation.teamName}.`);
        },
      },
    );

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={`Invitation to ${invitation.teamName}`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconMailOpened size={20} stroke={1.7} />
          </ThemeIcon>
          <Text size="sm">
            {inviter} invited you to join <b>{invitation.teamName}</b> as {invitation.role.toLowerCase()}
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={reject} loading={pendingAction === 'reject'} disabled={respond.isPending}>
            Reject
          </Button>
          <Button size="xs" onClick={accept} loading={pendingAction === 'accept'} disabled={respond.isPending}>
            Accept
          </Button>
        </Group>
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
