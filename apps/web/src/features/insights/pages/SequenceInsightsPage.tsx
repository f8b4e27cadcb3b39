import { Anchor, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPlus, IconSelector } from '@tabler/icons-react';
import type { CampaignSummaryDto } from '@leadline/shared/campaigns/index';
import { campaignRates, formatRate, type CampaignRates } from '@leadline/shared/insights/rates';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCampaigns } from '../../campaigns/api';
import { StatusBadge } from '../../campaigns/components/StatusBadge';
import { useTour } from '../../onboarding/tours/use-tour';

type Row = CampaignSummaryDto & CampaignRates;
type SortKey = 'name' | 'sent' | 'openRate' | 'clickRate' | 'replyRate' | 'bounceRate' | 'unsubscribed' | 'leads' | 'status';
type Sort = { key: SortKey; descending: boolean };

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Campaign' },
  { key: 'sent', label: 'Sent', numeric: true },
  { key: 'openRate', label: 'Open rate', numeric: true },
  { key: 'clickRate', label: 'Click rate', numeric: true },
  { key: 'replyRate', label: 'Reply rate', numeric: true },
  { key: 'bounceRate', label: 'Bounce rate', numeric: true },
  { key: 'unsubscribed', label: 'Unsub\u00adscribes', numeric: true },
  { key: 'leads', label: 'Leads', numeric: true },
  { key: 'status', label: 'Status' },
];

/** The value a column sorts by: a campaign without a rate (nothing sent) sorts below every rate. */
function sortValue(row: Row, key: SortKey): string | number {
  switch (key) {
    case 'name':
    case 'status':
      return row[key].toLowerCase();
    case 'sent':
    case 'unsubscribed':
    case 'leads':
      return row.counts[key];
    default:
      return row[key] ?? -1;
  }
}

function compareRows(a: Row, b: Row, sort: Sort): number {
  const x = sortValue(a, sort.key);
  const y = sortValue(b, sort.key);
  const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  return (sort.descending ? -order : order) || a.name.localeCompare(b.name);
}

function SortHeader({ column, sort, onSort }: { column: (typeof COLUMNS)[number]; sort: Sort; onSort: (key: SortKey) => void }) {
  const active = sort.key === column.key;
  const Icon = !active ? IconSelector : sort.descending ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th ta={column.numeric ? 'right' : undefined} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column.key)} fw={600} fz="sm">
        {/* Two-word headers may take two lines, so nine columns fit beside the sidebar at 1280 px. */}
        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : undefined} style={{ lineHeight: 1.2 }}>
          {column.label}
          <Icon size={14} aria-hidden style={{ flexShrink: 0 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function EmptyState() {
  return (
    <Paper withBorder p="xl" data-tour="insights-table">
      <Stack align="center" gap="sm">
        <Text fw={600}>No campaigns to compare yet</Text>
        <Text c="dimmed" ta="center">
          Once your campaigns send emails, their open, click, reply and bounce rates are compared here.
        </Text>
        <Button component={Link} to="/engage/sequences/new-campaign" leftSection={<IconPlus size={16} />}>
          Create a campaign
        </Button>
      </Stack>
    </Paper>
  );
}

/** /insights/sequences (issue 22): the team's campaigns side by side, with their rates, sortable. */
export function SequenceInsightsPage() {
  const campaigns = useCampaigns();
  const [sort, setSort] = useState<Sort>({ key: 'sent', descending: true });
  const rows = useMemo(
    () => (campaigns.data ?? []).map((c): Row => ({ ...c, ...campaignRates(c.counts) })).sort((a, b) => compareRows(a, b, sort)),
    [campaigns.data, sort],
  );
  useTour('insights', { ready: campaigns.isSuccess });
  const onSort = (key: SortKey) => setSort((s) => ({ key, descending: s.key === key ? !s.descending : key !== 'name' && key !== 'status' }));

  return (
    <Stack gap="md">
      <Group justify="space-between" data-tour="insights-header">
        <div>
          <Title order={1} size="h3">
            Campaign insights
          </Title>
          <Text c="dimmed" size="sm">
            Rates are shares of the emails sent.
          </Text>
        </div>
        <Button component={Link} to="/engage/sequences" variant="default" data-tour="insights-campaigns">
          All campaigns
        </Button>
      </Group>
      {campaigns.isLoading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : rows.length === 0 ? (
        campaigns.isSuccess && <EmptyState />
      ) : (
        <Table.ScrollContainer minWidth={760} data-tour="insights-table">
          <Table striped highlightOnHover aria-label="Campaign comparison">
            <Table.Thead data-tour="insights-sort">
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c, index) => (
                <Table.Tr key={c.id}>
                  <Table.Td miw={150} data-tour={index === 0 ? 'insights-campaign' : undefined}>
                    <Anchor component={Link} to={`/engage/sequences/campaign-details?id=${c.id}`}>
                      {c.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{c.counts.sent}</Table.Td>
                  <Table.Td ta="right">{formatRate(c.openRate)}</Table.Td>
                  <Table.Td ta="right">{formatRate(c.clickRate)}</Table.Td>
                  <Table.Td ta="right">{formatRate(c.replyRate)}</Table.Td>
                  <Table.Td ta="right">{formatRate(c.bounceRate)}</Table.Td>
                  <Table.Td ta="right">{c.counts.unsubscribed}</Table.Td>
                  <Table.Td ta="right">{c.counts.leads}</Table.Td>
                  <Table.Td miw={120}>
                    <StatusBadge status={c.status} reason={c.statusReason} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
