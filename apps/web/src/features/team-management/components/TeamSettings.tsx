import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { InviteMembersDialog } from './InviteMembersDialog';
import { MembersTable } from './MembersTable';

/** The settings "team" tab: members with their monthly credit use, and invitations. */
export function TeamSettings() {
  const [inviting, invite] = useDisclosure(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} fz="h4">
            Team members
          </Title>
          <Text size="sm" c="dimmed">
            Everyone in your team, their role and the credits they used this month.
          </Text>
        </div>
        <Button leftSection={<IconUserPlus size={18} stroke={1.7} />} onClick={invite.open}>
          Invite members
        </Button>
      </Group>
      <MembersTable />
      <InviteMembersDialog opened={inviting} onClose={invite.close} />
    </Stack>
  );
}
