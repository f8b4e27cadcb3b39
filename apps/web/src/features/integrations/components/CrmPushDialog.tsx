import { ALL_ENRICHED_CONTACTS, INTEGRATION_MESSAGES, isCrmService, ZAPIER_MESSAGES, type PushService } from '@leadline/shared';
import { Alert, Anchor, Button, Group, Modal, MultiSelect, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { JobProgress } from '../../../components/JobProgress';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api';
import { usePickableLists } from '../../lists/api';
import { serviceLabel, useIntegrations, usePush } from '../api';

type Props = {
  onClose: () => void;
  /** Selected search rows (people ids) or list contacts (the team's contact ids). */
  selection: { contactIds?: string[]; customContactIds?: string[] };
  /** The list on screen, offered first. */
  currentList?: { id: string; name: string };
};

/** CRM Push (spec §2): a service, then lists or the selected prospects; the push runs as a job. */
export function CrmPushDialog({ onClose, selection, currentList }: Props) {
  const status = useIntegrations();
  const { user } = useCurrentUser();
  const push = usePush();
  const selected = (selection.contactIds?.length ?? 0) + (selection.customContactIds?.length ?? 0);
  const [source, setSource] = useState<'selection' | 'lists'>(selected > 0 ? 'selection' : 'lists');
  const [listIds, setListIds] = useState<string[]>(currentList && selected === 0 ? [currentList.id] : []);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const lists = usePickableLists('contactList', debounced);
  const targets = (status.data ?? []).filter((s) => s.service !== 'slack' && s.connected);
  const [service, setService] = useState<PushService | null>(null);
  const chosen = service ?? (targets[0]?.service as PushService | undefined) ?? null;
  const [jobId, setJobId] = useState<string | null>(null);
  const admin = user.permission !== 'TEAM_MEMBER';

  const listOptions = [
    { value: ALL_ENRICHED_CONTACTS, label: 'All enriched contacts' },
    ...(currentList ? [{ value: currentList.id, label: currentList.name }] : []),
    ...(lists.data ?? []).filter((l) => l._id !== currentList?.id).map((l) => ({ value: l._id, label: l.name })),
    ...listIds.filter((id) => id !== ALL_ENRICHED_CONTACTS && id !== currentList?.id && !(lists.data ?? []).some((l) => l._id === id)).map((id) => ({ value: id, label: id })),
  ];
  const body = source === 'selection' ? { listIds: [], contactIds: selection.contactIds ?? [], customContactIds: selection.customContactIds ?? [] } : { listIds, contactIds: [], customContactIds: [] };
  const canSubmit = chosen !== null && (source === 'selection' ? selected > 0 : listIds.length > 0);

  const submit = () => {
    if (!chosen || !canSubmit) return;
    const label = serviceLabel(chosen);
    push.mutate(
      { service: chosen, body },
      {
        onSuccess: ({ jobId: id }) => {
          setJobId(id);
          notify.success(chosen === 'zapier' ? ZAPIER_MESSAGES.pushStarted : INTEGRATION_MESSAGES.pushQueued(label));
        },
        onError: () => notify.error(chosen === 'zapier' ? ZAPIER_MESSAGES.pushFailed : INTEGRATION_MESSAGES.pushFailed(label)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="CRM Push" size="lg">
      <Stack gap="md">
        {status.isSuccess && targets.length === 0 ? (
          <Alert color="yellow" title="Nothing to push to yet">
            <Text size="sm">
              No CRM or Zapier webhook is connected for your team.{' '}
              {admin ? (
                <Anchor component={Link} to="/settings?tab=integrations">
                  Connect one in Settings, Integrations.
                </Anchor>
              ) : (
                'Ask an owner or admin of your team to connect one in Settings, Integrations.'
              )}
            </Text>
          </Alert>
        ) : (
          <>
            <Select
              label="Service"
              data={targets.map((t) => ({ value: t.service, label: isCrmService(t.service) && t.accountEmail ? `${serviceLabel(t.service)} (${t.accountEmail})` : serviceLabel(t.service) }))}
              value={chosen}
              onChange={(value) => setService(value as PushService | null)}
              allowDeselect={false}
            />
            <Radio.Group label="What to push" value={source} onChange={(value) => setSource(value as 'selection' | 'lists')}>
              <Stack gap={6} mt={6}>
                <Radio value="selection" label={`Selected prospects (${selected})`} disabled={selected === 0} />
                <Radio value="lists" label="Lists" />
              </Stack>
            </Radio.Group>
            {source === 'lists' && (
              <MultiSelect
                label="Lists"
                placeholder="Choose lists"
                data={listOptions}
                value={listIds}
                onChange={setListIds}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                nothingFoundMessage="No options found."
              />
            )}
            <Text size="xs" c="dimmed">
              Prospects without an email or a phone are skipped. Pushing again updates the same records instead of creating duplicates.
            </Text>
            {jobId && <JobProgress jobId={jobId} />}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {jobId ? 'Close' : 'Cancel'}
          </Button>
          {targets.length > 0 && !jobId && (
            <Button onClick={submit} disabled={!canSubmit} loading={push.isPending}>
              Push
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
