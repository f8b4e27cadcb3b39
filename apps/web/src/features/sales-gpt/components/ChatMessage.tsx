import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ChatMessageDto } from '@leadline/shared';
import { Link } from 'react-router';
import { EnrichmentProgress } from './EnrichmentProgress';
import { FilterChips } from './FilterChips';

const TOOL_TITLES: Record<string, string> = {
  search_people: 'Search people',
  count_people: 'Count people',
  save_search_to_list: 'Save to a list',
  summarise_account: 'Account summary',
  enrich_list: 'Enrich a list',
  draft_campaign: 'Draft a campaign',
};

type Props = { message: ChatMessageDto; busy: boolean; onConfirm: (actionId: string, approve: boolean) => void };

/** One message of a SalesGPT conversation: the member's words, the model's answer, or a tool's card. */
export function ChatMessage({ message, busy, onConfirm }: Props) {
  if (message.role === 'user')
    return (
      <Paper radius="md" p="sm" bg="var(--mantine-color-blue-light)" ml="auto" maw="80%">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{message.content}</Text>
      </Paper>
    );
  if (message.role === 'assistant')
    return message.content ? (
      <Paper radius="md" p="sm" withBorder maw="85%">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{message.content}</Text>
      </Paper>
    ) : null;

  const action = message.pendingAction;
  const result = message.result;
  return (
    <Paper radius="md" p="sm" withBorder maw="85%" data-testid="tool-card">
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" fw={600}>{TOOL_TITLES[action?.tool ?? result?.tool ?? ''] ?? 'Tool'}</Text>
          {action && <Text size="xs" c={action.status === 'approved' ? 'green' : action.status === 'declined' ? 'dimmed' : 'yellow.8'}>{action.status}</Text>}
        </Group>
        {action && <Text size="sm">{action.summary}</Text>}
        {action?.filters && action.status === 'pending' && <FilterChips filters={action.filters} />}
        {action?.status === 'pending' && (
          <Group gap="xs">
            <Button size="xs" disabled={busy} onClick={() => onConfirm(action.actionId, true)}>Confirm</Button>
            <Button size="xs" variant="default" disabled={busy} onClick={() => onConfirm(action.actionId, false)}>Cancel</Button>
          </Group>
        )}
        {result?.filters && <FilterChips filters={result.filters} />}
        {result?.total !== null && result?.total !== undefined && (
          <Text size="sm">{result.totalIsLowerBound ? 'At least ' : ''}{result.total.toLocaleString()} people match.</Text>
        )}
        {result && result.rows.length > 0 && (
          <Stack gap={2} component="ul" m={0} pl="md">
            {result.rows.map((r) => (
              <Text key={r.id} component="li" size="xs">
                <b>{r.fullName}</b>, {r.jobTitle ?? 'no title'} at {r.company ?? 'no company'} · {r.location ?? 'no location'}
              </Text>
            ))}
          </Stack>
        )}
        {result?.list && (
          <Text size="sm">
            Saved {result.list.added} people to{' '}
            <Anchor component={Link} to={`/prospects/lists/people/${result.list.id}`}>{result.list.name}</Anchor>.
          </Text>
        )}
        {result?.summary && <Text size="sm">{result.summary}</Text>}
        {result?.enrichment && <EnrichmentProgress started={result.enrichment} />}
        {result?.campaign && (
          <Text size="sm">
            Saved the draft campaign{' '}
            <Anchor component={Link} to={`/engage/sequences/campaign-details?id=${result.campaign.id}`}>{result.campaign.name}</Anchor> with {result.campaign.emails} emails ({result.campaign.creditsCharged} credits). It is not launched.
          </Text>
        )}
        {!result && action?.status !== 'pending' && message.content.startsWith('Failed: ') ? (
          <Text size="sm" c="red" role="alert">{message.content.slice('Failed: '.length)}</Text>
        ) : (
          !action && !result && message.content && <Text size="sm" c="dimmed">{message.content}</Text>
        )}
      </Stack>
    </Paper>
  );
}
