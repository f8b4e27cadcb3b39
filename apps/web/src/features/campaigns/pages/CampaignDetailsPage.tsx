import { Alert, Anchor, Button, Group, Modal, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { CAMPAIGN_LEAD_STATUSES, isHtmlBody, type CampaignCounts, type CampaignDto, type CampaignLeadDto, type CampaignLeadStatus } from '@leadline/shared/campaigns/index';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { PageLoading } from '../../../components/PageLoading';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { CAMPAIGN_SCREEN_MESSAGES, useCampaign, useCampaignAction, useCampaignLeads, usePreview, type CampaignAction } from '../api';
import { CampaignSettingsModal } from '../components/CampaignSettingsModal';
import { LeadStatus } from '../components/LeadStatus';
import { LeadTimeline } from '../components/LeadTimeline';
import { MarkInterestedModal, type InterestedTarget } from '../components/MarkInterestedModal';
import { SaveTemplateModal } from '../components/SaveTemplateModal';
import { StatusBadge } from '../components/StatusBadge';
import { StepChart } from '../components/StepChart';
import { StepFunnel } from '../components/StepFunnel';
import { TrackingSettings } from '../components/TrackingSettings';
import { TasksPanel } from '../components/TasksPanel';

const COUNT_LABELS: Array<[keyof CampaignCounts, string]> = [
  ['leads', 'Leads'],
  ['sent', 'Sent'],
  ['opened', 'Opened'],
  ['clicked', 'Clicked'],
  ['replied', 'Replied'],
  ['bounced', 'Bounced'],
  ['unsubscribed', 'Unsubscribed'],
  ['skipped', 'Skipped'],
];

/** When a lead's next step is due; with no due time, an email is being sent and any other step waits for its task to be done. */
function nextStepLabel(lead: CampaignLeadDto, steps: CampaignDto['steps']): string {
  if (lead.nextStep === null) return '-';
  const step = `Step ${lead.nextStep + 1}`;
  if (lead.nextAt) return `${step}, ${new Date(lead.nextAt).toLocaleString()}`;
  return steps.find((s) => s.position === lead.nextStep)?.type === 'email' ? `${step}, sending` : `${step}, waiting for its task`;
}

function Preview({ id, stepIndex, onClose }: { id: string; stepIndex: number | null; onClose: () => void }) {
  const preview = usePreview(id, stepIndex ?? 0, stepIndex !== null);
  return (
    <Modal opened={stepIndex !== null} onClose={onClose} title={`Preview of step ${(stepIndex ?? 0) + 1}`} size="lg">
      {preview.data ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            To: {preview.data.to ?? 'a lead without values (fallbacks shown)'}
          </Text>
          {preview.data.subject !== null && <Text fw={600}>{preview.data.subject}</Text>}
          {preview.data.body !== null && isHtmlBody(preview.data.body) ? (
            // A frame without scripts: the body is HTML a teammate wrote.
            <iframe title="Email body" sandbox="" srcDoc={preview.data.body} style={{ width: '100%', minHeight: 260, border: 0 }} />
          ) : (
            <Text style={{ whiteSpace: 'pre-wrap' }}>{preview.data.body}</Text>
          )}
        </Stack>
      ) : (
        <PageLoading />
      )}
    </Modal>
  );
}

/** /engage/sequences/campaign-details?id= (spec §2): counts, a funnel per step, the open tasks, the leads with their status and next step, and a lead's timeline. */
export function CampaignDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const campaign = useCampaign(id);
  const [status, setStatus] = useState<CampaignLeadStatus | undefined>();
  const [page, setPage] = useState(1);
  const [previewStep, setPreviewStep] = useState<number | null>(null);
  const [timelineLead, setTimelineLead] = useState<string | null>(null);
  const [interested, setInterested] = useState<InterestedTarget | null>(null);
  const [savingTemplate, setSavingTemplate] = useState(false);
  const [editingSettings, setEditingSettings] = useState(false);
  const leads = useCampaignLeads(id, status, page);
  const action = useCampaignAction();

  if (!id || (campaign.isError && isApiError(campaign.error) && campaign.error.status === 404)) return <NotFoundPage />;
  if (!campaign.data) return <PageLoading />;
  const c = campaign.data;
  const run = (name: CampaignAction) => action.mutate({ id, action: name }, { onError: (e) => notify.error(isApiError(e) ? e.message : CAMPAIGN_SCREEN_MESSAGES.actionFailed) });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h3">
            {c.name}
          </Title>
          <StatusBadge status={c.status} reason={c.statusReason} />
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => setSavingTemplate(true)}>
            Save as template
          </Button>
          {c.status !== 'archived' && (
            <Button variant="default" onClick={() => setEditingSettings(true)}>
              Senders and schedule
            </Button>
          )}
          {c.status === 'draft' && (
            // A draft without a sender (SalesGPT writes them so) chooses one first.
            <Button onClick={() => (c.mailboxes.length === 0 ? setEditingSettings(true) : run('launch'))} loading={action.isPending}>
              Launch
            </Button>
          )}
          {c.status === 'active' && <Button variant="default" onClick={() => run('pause')} loading={action.isPending}>Pause</Button>}
          {c.status === 'paused' && <Button onClick={() => run('resume')} loading={action.isPending}>Resume</Button>}
        </Group>
      </Group>
      {c.statusReason && <Alert color="yellow">{c.statusReason}</Alert>}
      {c.status === 'draft' && c.mailboxes.length === 0 && (
        <Alert color="yellow" title="No sender yet">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Choose the mailboxes this campaign sends from, then launch it.</Text>
            <Button size="xs" onClick={() => setEditingSettings(true)}>
              Choose senders
            </Button>
          </Group>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Lists: {c.lists.map((l) => l.name).join(', ')} · From: {c.mailboxes.join(', ') || 'no sender yet'} · {c.schedule.start}-{c.schedule.end} {c.schedule.timezone} · {c.dailyLimit} per day
      </Text>
      <TrackingSettings campaign={c} />
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }}>
        {COUNT_LABELS.map(([key, label]) => (
          <Paper withBorder p="sm" key={key}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl" aria-label={`${label} count`}>
              {c.counts[key]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Title order={2} size="h4">
        Funnel per step
      </Title>
      <StepChart steps={c.steps} />
      <StepFunnel steps={c.steps} leads={c.counts.leads} />
      <Group gap="xs">
        {c.steps.map((s) => (
          <Button key={s.id} size="xs" variant="light" onClick={() => setPreviewStep(s.position)}>
            Preview step {s.position + 1}
          </Button>
        ))}
      </Group>
      {c.steps.some((s) => s.type !== 'email') && (
        <>
          <Title order={2} size="h4">
            Open tasks
          </Title>
          <TasksPanel campaignId={id} />
        </>
      )}
      <Group justify="space-between">
        <Title order={2} size="h4">
          Leads
        </Title>
        <Group gap="xs">
          <Button component="a" href={`/api/v1/campaigns/${id}/export`} download variant="default" size="sm">
            Export CSV
          </Button>
          <Select
            placeholder="All statuses"
            clearable
            data={[...CAMPAIGN_LEAD_STATUSES]}
            value={status ?? null}
            onChange={(v) => {
              setStatus((v as CampaignLeadStatus | null) ?? undefined);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {['Name', 'Email', 'Company', 'Status', 'Next step', 'Last sent', ''].map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(leads.data?.data ?? []).map((lead) => (
            <Table.Tr key={lead.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component="button" type="button" size="sm" onClick={() => setTimelineLead(lead.id)} aria-label={`Timeline of ${lead.name ?? lead.email ?? 'lead'}`}>
                  {lead.name ?? lead.email ?? 'Lead'}
                </Anchor>
              </Table.Td>
              <Table.Td>{lead.email}</Table.Td>
              <Table.Td>{lead.companyName}</Table.Td>
              <Table.Td miw={130}>
                <LeadStatus lead={lead} />
              </Table.Td>
              <Table.Td>{nextStepLabel(lead, c.steps)}</Table.Td>
              <Table.Td>{lead.lastSentAt ? new Date(lead.lastSentAt).toLocaleString() : '-'}</Table.Td>
              <Table.Td>
                {lead.status === 'active' && (
                  <Button size="xs" variant="subtle" onClick={() => setInterested({ contactId: lead.contactId, name: lead.name ?? lead.email ?? 'this lead' })} aria-label={`Mark ${lead.name ?? lead.email ?? 'lead'} interested`}>
                    Mark interested
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {leads.data && leads.data.pagination.totalRecords === 0 && (
        <Text c="dimmed" ta="center">
          No results.
        </Text>
      )}
      {leads.data && leads.data.pagination.totalPages > 1 && <Pagination total={leads.data.pagination.totalPages} value={page} onChange={setPage} />}
      <Preview id={id} stepIndex={previewStep} onClose={() => setPreviewStep(null)} />
      <MarkInterestedModal campaignId={id} target={interested} onClose={() => setInterested(null)} />
      <LeadTimeline campaignId={id} leadId={timelineLead} onClose={() => setTimelineLead(null)} />
      {editingSettings && <CampaignSettingsModal campaign={c} onClose={() => setEditingSettings(false)} />}
      {savingTemplate && <SaveTemplateModal opened defaultName={c.name} source={() => ({ campaignId: id })} onClose={() => setSavingTemplate(false)} />}
    </Stack>
  );
}
