import { Alert, Button, Group, Modal, NumberInput, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { AGENT_COSTS, AGENT_KIND_LABELS, AGENT_LIMITS, AgentCreateBody, type AgentKind, type AgentSchedule } from '@leadline/shared/agents/index';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useAudienceChoices } from '../../campaigns/api';
import { useKnowledgeProfiles } from '../../knowledge-hub/api';
import { AGENT_SCREEN_MESSAGES, useCreateAgent } from '../api';

const SCHEDULES: Array<{ value: AgentSchedule; label: string }> = [
  { value: 'manual', label: 'Only when I run it' },
  { value: 'hourly', label: 'Every hour' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
];

/** The "New agent" dialog: a list builder or a research agent, its instructions, list and schedule. */
export function AgentForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { lists } = useAudienceChoices();
  const profiles = useKnowledgeProfiles();
  const create = useCreateAgent();
  const [kind, setKind] = useState<AgentKind>('list_builder');
  const [name, setName] = useState('');
  const [instructions, setInstructions] = useState('');
  const [listId, setListId] = useState<string | null>(null);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<AgentSchedule>('daily');
  const [maxResults, setMaxResults] = useState(25);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const body = { kind, name, instructions, listId: listId ?? '', schedule, maxResults, ...(kind === 'research' && profileId ? { profileId } : {}) };
    const parsed = AgentCreateBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError(issue.path[0] === 'listId' ? 'Choose a list' : issue.message);
      return;
    }
    setError(null);
    create.mutate(body, {
      onSuccess: () => {
        notify.success(AGENT_SCREEN_MESSAGES.created);
        setName('');
        setInstructions('');
        setListId(null);
        setProfileId(null);
        onClose();
      },
      onError: (e) => setError(isApiError(e) ? e.message : AGENT_SCREEN_MESSAGES.actionFailed),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New agent" size="lg">
      <Stack>
        <Radio.Group label="Agent" value={kind} onChange={(v) => setKind(v === 'research' ? 'research' : 'list_builder')}>
          <Stack mt="xs" gap="xs">
            <Radio value="list_builder" label={AGENT_KIND_LABELS.list_builder} description={`Finds people matching your ideal customer profile and adds the new ones to a list (${AGENT_COSTS.listBuilderRun} credits a run)`} />
            <Radio value="research" label={AGENT_KIND_LABELS.research} description={`Answers a question about each account of a list from stored data and your knowledge hub (${AGENT_COSTS.researchQuery} credits an account)`} />
          </Stack>
        </Radio.Group>
        <TextInput label="Name" required maxLength={AGENT_LIMITS.nameMax} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Textarea
          label={kind === 'list_builder' ? 'Ideal customer profile' : 'Question'}
          description={kind === 'list_builder' ? 'In plain words, e.g. "VPs of operations at logistics companies in Germany"' : 'Asked about each account, e.g. "Does this company run its own warehouses?"'}
          required
          autosize
          minRows={3}
          maxLength={AGENT_LIMITS.instructionsMax}
          value={instructions}
          onChange={(e) => setInstructions(e.currentTarget.value)}
        />
        <Select label={kind === 'list_builder' ? 'Add to list' : 'Accounts of list'} required searchable data={(lists.data ?? []).map((l) => ({ value: l._id, label: l.name }))} value={listId} onChange={setListId} allowDeselect={false} />
        {kind === 'research' && (
          <Select label="Knowledge profile" placeholder="Your default profile" clearable data={(profiles.data ?? []).map((p) => ({ value: p._id, label: p.profileName }))} value={profileId} onChange={setProfileId} />
        )}
        <Group grow>
          <Select label="Schedule" data={SCHEDULES} value={schedule} onChange={(v) => v && setSchedule(v as AgentSchedule)} allowDeselect={false} />
          {kind === 'list_builder' && <NumberInput label="New people per run, at most" min={1} max={AGENT_LIMITS.maxResultsMax} value={maxResults} onChange={(v) => setMaxResults(Number(v) || 1)} />}
        </Group>
        <Text size="sm" c="dimmed">
          {schedule === 'manual' ? 'It runs when you click Run now.' : 'Its first run starts within a minute, then on its schedule. Pause it to stop the schedule.'}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Create agent
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
