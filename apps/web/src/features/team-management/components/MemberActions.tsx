import { TEAM_MESSAGES, type TeamMemberDto } from '@leadline/shared';
import { ActionIcon, Button, Group, Popover, Switch, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useRemoveMember, useUpdateMember } from '../api';
import { CreditsLimitDialog } from './CreditsLimitDialog';

/** Row rules of spec/settings.md §4 and §6: nobody acts on their own row; only active members get credits or a new role; the owner's role and membership stay. */
export function memberLocks(member: TeamMemberDto, myUserId: string) {
  const own = member.userId === myUserId;
  const inactive = member.status !== 'ACTIVE';
  return { role: own || inactive || member.isOwner, credits: own || inactive, remove: own || member.isOwner };
}

export function RoleToggle({ member, locked }: { member: TeamMemberDto; locked: boolean }) {
  const update = useUpdateMember();
  return (
    <Switch
      size="sm"
      label={member.isOwner ? 'Owner' : member.role === 'ADMIN' ? 'Admin' : 'Member'}
      aria-label={`Admin role of ${member.name}`}
      checked={member.isOwner || member.role === 'ADMIN'}
      disabled={locked || update.isPending}
      // A promise rather than mutate callbacks: the table reloads its rows, and the toast must not depend on this row staying mounted.
      onChange={(event) =>
        update
          .mutateAsync({ memberId: member._id, role: event.currentTarget.checked ? 'admin' : 'member' })
          .then(() => notify.success(TEAM_MESSAGES.roleUpdated), () => notify.error(TEAM_MESSAGES.roleUpdateFailed))
      }
    />
  );
}

export function AssignCredits({ member, locked }: { member: TeamMemberDto; locked: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-xs" variant="light" disabled={locked} onClick={() => setOpen(true)} aria-label={`Assign credits to ${member.name}`} style={{ flexShrink: 0 }}>
        Assign Credits
      </Button>
      {open && <CreditsLimitDialog member={member} onClose={() => setOpen(false)} />}
    </>
  );
}

export function RemoveMember({ member, locked }: { member: TeamMemberDto; locked: boolean }) {
  const remove = useRemoveMember();
  const [open, setOpen] = useState(false);
  return (
    <Popover opened={open} onChange={setOpen} withArrow position="left">
      <Popover.Target>
        <Tooltip label="Remove from the team" disabled={locked}>
          <ActionIcon variant="subtle" color="red" disabled={locked} onClick={() => setOpen((o) => !o)} aria-label={`Remove ${member.name}`}>
            <IconTrash size={16} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" mb="xs">
          Remove {member.name}? What they created stays with the team.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button size="compact-sm" variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            size="compact-sm"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutateAsync(member._id).then(
                () => {
                  setOpen(false);
                  notify.success(TEAM_MESSAGES.memberDeleted);
                },
                () => notify.error(TEAM_MESSAGES.memberDeleteFailed),
              )
            }
          >
            Remove
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
