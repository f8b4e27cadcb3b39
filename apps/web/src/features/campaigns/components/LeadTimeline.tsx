import { Badge, Drawer, Group, Text, Timeline } from '@mantine/core';
import { CAMPAIGN_TIMELINE_LABELS } from '@leadline/shared/campaigns/timeline';
import { PageLoading } from '../../../components/PageLoading';
import { useLeadTimeline } from '../api';

const COLORS: Record<string, string> = { replied: 'teal', opened: 'blue', clicked: 'blue', bounced: 'red', soft_bounce: 'orange', failed: 'red', interested: 'green', task: 'violet', task_done: 'teal', unsubscribed: 'gray', skipped: 'gray', scheduled: 'gray' };

/** A lead's history in the campaign, in a drawer: what was sent when, and what came of it. */
export function LeadTimeline({ campaignId, leadId, onClose }: { campaignId: string; leadId: string | null; onClose: () => void }) {
  const timeline = useLeadTimeline(campaignId, leadId);
  const data = timeline.data;
  return (
    <Drawer opened={leadId !== null} onClose={onClose} position="right" size="md" title={data ? `Timeline of ${data.lead.name ?? data.lead.email ?? 'a lead'}` : 'Timeline'}>
      {!data ? (
        <PageLoading />
      ) : (
        <>
          <Group gap="xs" mb="md">
            <Text size="sm" c="dimmed">
              {data.lead.email ?? 'No email address'}
            </Text>
            <Badge variant="light">{data.lead.status}</Badge>
          </Group>
          <Timeline bulletSize={14} lineWidth={2} aria-label="Lead timeline">
            {data.entries.map((e, i) => (
              <Timeline.Item key={i} color={COLORS[e.kind] ?? 'blue'} title={`${CAMPAIGN_TIMELINE_LABELS[e.kind] ?? e.kind}${e.step === null ? '' : ` · step ${e.step + 1}`}`}>
                {e.detail && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {e.detail}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {e.kind === 'scheduled' ? 'Due ' : ''}
                  {new Date(e.at).toLocaleString()}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </>
      )}
    </Drawer>
  );
}
