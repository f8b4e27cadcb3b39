import { Alert, Anchor, Button, List, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { AGENT_COSTS, GENERATED_CAMPAIGN_LIMITS, type GenerateCampaignResponse } from '@leadline/shared/agents/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isApiError } from '../../../lib/api';
import { useKnowledgeProfiles } from '../../knowledge-hub/api';
import { draftSteps, type DraftStep } from './StepEditor';

const FAILED = 'There was an error generating your campaign. Please try again later!';

/** The "AI campaign context" step of an AI-generated campaign: what to write about, then Generate. */
export function AiCampaignContext({ listIds, onGenerated }: { listIds: string[]; onGenerated: (steps: DraftStep[]) => void }) {
  const queryClient = useQueryClient();
  const profiles = useKnowledgeProfiles();
  const [context, setContext] = useState('');
  const [emails, setEmails] = useState(4);
  const [profileId, setProfileId] = useState<string | null>(null);
  const generate = useMutation({
    mutationFn: () => api.post<GenerateCampaignResponse>('/api/v1/campaigns/generate', { context, emails, listIds, ...(profileId ? { profileId } : {}) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['credits'] }),
    onSuccess: (answer) => onGenerated(draftSteps(answer.steps.map((s) => ({ type: s.type, delayDays: s.delayDays, subject: s.subject ?? '', body: s.body ?? '', newThread: s.newThread })))),
    meta: { handlesErrors: true },
  });
  const sources = generate.data?.sources ?? [];
  return (
    <Stack>
      <Textarea
        label="Campaign context"
        description="What you offer, to whom, why now, the tone and the call to action"
        required
        autosize
        minRows={4}
        maxLength={GENERATED_CAMPAIGN_LIMITS.contextMax}
        value={context}
        onChange={(e) => setContext(e.currentTarget.value)}
      />
      <NumberInput label="Emails in the sequence" min={GENERATED_CAMPAIGN_LIMITS.emailsMin} max={GENERATED_CAMPAIGN_LIMITS.emailsMax} value={emails} onChange={(v) => setEmails(Math.min(GENERATED_CAMPAIGN_LIMITS.emailsMax, Math.max(1, Number(v) || 1)))} />
      <Select
        label="Knowledge profile"
        placeholder="Your default profile"
        clearable
        data={(profiles.data ?? []).map((p) => ({ value: p._id, label: p.profileName }))}
        value={profileId}
        onChange={setProfileId}
      />
      <Text size="sm" c="dimmed">
        Costs up to {emails * AGENT_COSTS.aiEmail} credits ({AGENT_COSTS.aiEmail} per email written). You can edit every step before creating the campaign.
      </Text>
      <Button onClick={() => generate.mutate()} loading={generate.isPending} disabled={!context.trim()} w="fit-content">
        Generate sequence
      </Button>
      {generate.isError && (
        <Alert color="red" role="alert">
          {isApiError(generate.error) ? generate.error.message : FAILED}
        </Alert>
      )}
      {generate.data && (
        <Alert color="green" title={`Sequence written: ${generate.data.steps.length} emails, ${generate.data.creditsCharged} credits`}>
          {sources.length > 0 && (
            <List size="sm">
              {sources.map((s) => (
                <List.Item key={s.index}>
                  [{s.index}] {s.url ? <Anchor href={s.url} target="_blank" rel="noreferrer">{s.title ?? s.url}</Anchor> : (s.title ?? 'Context')}
                  {s.isCompetitor ? ' (competitor)' : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}
