import { ActionIcon, Alert, Anchor, Button, Group, Menu, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { CAMPAIGN_STATUSES, type CampaignStatus, type CampaignSummaryDto } from '@leadline/shared/campaigns/index';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { CAMPAIGN_SCREEN_MESSAGES, useCampaignAction, useCampaigns, type CampaignAction } from '../api';
import { SequencesTabs } from '../components/SequencesTabs';
import { StatusBadge } from '../components/StatusBadge';

const ACTIONS: Record<CampaignStatus, CampaignAction[]> = {
  draft: ['launch', 'duplicate', 'archive'],
  active: ['pause', 'duplicate', 'archive'],
  paused: ['resume', 'duplicate', 'archive'],
  completed: ['duplicate', 'archive'],
  archived: ['duplicate'],
};
const LABELS: Record<CampaignAction, string> = { launch: 'Launch', pause: 'Pause', resume: 'Resume', duplicate: 'Duplicate', archive: 'Archive' };

function RowActions({ campaign }: { campaign: CampaignSummaryDto }) {
  const action = useCampaignAction();
  const run = (name: CampaignAction) =>
    action.mutate({ id: campaign.id, action: name }, { onError: (error) => notify.error(isApiError(error) ? error.message : CAMPAIGN_SCREEN_MESSAGES.actionFailed) });
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${campaign.name}`} loading={action.isPending}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {ACTIONS[campaign.status].map((name) => (
          <Menu.Item key={name} onClick={() => run(name)}>
            {LABELS[name]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** /engage/sequences (spec §2 Campaigns): the team's campaigns with their counts, filtered by status. */
export function CampaignsPage() {
  const [status, setStatus] = useState<CampaignStatus | 'all'>('all');
  const campaigns = useCampaigns(status === 'all' ? undefined : status);
  const rows = campaigns.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Campaigns
        </Title>
        <Button component={Link} to="/engage/sequences/new-campaign" leftSection={<IconPlus size={16} />}>
          New campaign
        </Button>
      </Group>
      <SequencesTabs />
      <Select
        label="Status"
        w={200}
        allowDeselect={false}
        value={status}
        onChange={(value) => setStatus((value ?? 'all') as CampaignStatus | 'all')}
        data={[{ value: 'all', label: 'All' }, ...CAMPAIGN_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))]}
      />
      {rows.some((c) => c.statusReason) && (
        <Alert color="yellow" title="Some campaigns were paused">
          {[...new Set(rows.flatMap((c) => (c.statusReason ? [c.statusReason] : [])))].join(' ')}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={800}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {['Name', 'Status', 'Leads', 'Sent', 'Opened', 'Replied', 'Bounced', 'Created', ''].map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/engage/sequences/campaign-details?id=${c.id}`}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={c.status} reason={c.statusReason} />
                </Table.Td>
                <Table.Td>{c.counts.leads}</Table.Td>
                <Table.Td>{c.counts.sent}</Table.Td>
                <Table.Td>{c.counts.opened}</Table.Td>
                <Table.Td>{c.counts.replied}</Table.Td>
                <Table.Td>{c.counts.bounced}</Table.Td>
                <Table.Td>{new Date(c.createdAt).toLocaleDateString()}</Table.Td>
                <Table.Td>
                  <RowActions campaign={c} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!campaigns.isLoading && rows.length === 0 && (
        <Text c="dimmed" ta="center">
          No results.
        </Text>
      )}
    </Stack>
  );
}
