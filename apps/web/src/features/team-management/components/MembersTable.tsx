import type { TeamMemberDto } from '@leadline/shared';
import { Badge, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { createColumnHelper, type PaginationState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable, DEFAULT_PAGE_SIZE } from '../../../components/DataTable';
import { useCurrentUser } from '../../auth/api';
import { useTeamMembers } from '../api';
import { AssignCredits, memberLocks, RemoveMember, RoleToggle } from './MemberActions';

const STATUS_COLORS: Record<TeamMemberDto['status'], string> = { ACTIVE: 'teal', INVITED: 'yellow', REJECTED: 'red' };
const CRM_ACCESS = ['Full Access', 'View Only Access'];

/** spec/settings.md §6: owners and admins get Full Access to the team CRM, members View Only. */
const crmAccess = (member: TeamMemberDto) => (member.isOwner || member.role === 'ADMIN' ? 'Full Access' : 'View Only Access');
const formatCredits = (member: TeamMemberDto) =>
  `${member.creditsUsed.toLocaleString()} / ${member.creditsCap === null ? '—' : member.creditsCap.toLocaleString()}`;

const column = createColumnHelper<TeamMemberDto>();

function useColumns() {
  const { user } = useCurrentUser();
  // Kept stable: a new cell function would remount each row's controls and drop an open dialog.
  return useMemo(() => [
    // Name and email share a column so the row controls keep their full width at 1280 px.
    column.accessor('name', {
      header: 'Name',
      cell: ({ row: { original: member } }) => (
        <div style={{ minWidth: 180 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {member.name}
            </Text>
            {member.userId === user.id && (
              <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                You
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
        </div>
      ),
    }),
    column.display({ id: 'role', header: 'Role', cell: ({ row }) => <RoleToggle member={row.original} locked={memberLocks(row.original, user.id).role} /> }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        <Badge variant="light" color={STATUS_COLORS[getValue()]} style={{ flexShrink: 0, overflow: 'visible' }}>
          {getValue()}
        </Badge>
      ),
    }),
    column.display({
      id: 'credits',
      header: 'Credits used / cap',
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatCredits(row.original)}
          </Text>
          <AssignCredits member={row.original} locked={memberLocks(row.original, user.id).credits} />
        </Group>
      ),
    }),
    column.display({
      id: 'crm',
      header: 'CRM permission',
      cell: ({ row }) => (
        <NativeSelect
          size="xs"
          disabled
          data={CRM_ACCESS}
          value={crmAccess(row.original)}
          aria-label={`CRM permission of ${row.original.name}`}
          w={150}
        />
      ),
    }),
    column.display({ id: 'remove', header: '', cell: ({ row }) => <RemoveMember member={row.original} locked={memberLocks(row.original, user.id).remove} /> }),
  ], [user.id]);
}

/** The team's members and invitations, paged and searched on the server. */
export function MembersTable() {
  const columns = useColumns();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState<PaginationState>({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const members = useTeamMembers(page.pageIndex + 1, page.pageSize, debouncedSearch);

  return (
    <DataTable
      label="Team members"
      columns={columns}
      data={members.data?.data ?? []}
      getRowId={(member) => member._id}
      loading={members.isFetching}
      pagination={{ ...page, total: members.data?.pagination.totalRecords ?? 0, onChange: setPage }}
      filters={
        <TextInput
          aria-label="Search members"
          placeholder="Search by name or email"
          leftSection={<IconSearch size={16} stroke={1.7} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage((current) => ({ ...current, pageIndex: 0 }));
          }}
          maw={360}
        />
      }
    />
  );
}
