import { INTEGRATION_MESSAGES, isCrmService, type CrmService, type CrmSettings, type CrmSettingsUpdate } from '@leadline/shared';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SegmentedControl, Select, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { JobProgress } from '../../../components/JobProgress';
import { notify } from '../../../lib/notify';
import { useTeamMembers } from '../../team-management/api';
import { connectFailure, serviceLabel, useConnect, useCrmAuth, useDisconnect, usePull, useSaveSettings, useServiceSettings } from '../api';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** /settings/{hubspot|salesforce}: the CRM's card and its sync settings (spec/settings.md §2). */
export function CrmSettingsPage() {
  const { service } = useParams();
  const auth = useCrmAuth();
  const [params, setParams] = useSearchParams();
  if (!isCrmService(service ?? '')) return <Navigate to="/settings?tab=integrations" replace />;
  const crm = service as CrmService;
  if (auth.isPending) return <Loader />;
  // Spec §2: unless this very CRM is the team's connected one (none, or another), back to the
  // settings, where the integrations tab connects it. A failed look-up stays, to say so.
  if (!auth.error && auth.data?.crmName !== crm) return <Navigate to="/settings" replace />;
  const tab = params.get('tab') === 'sync' ? 'sync' : 'configuration';

  return (
    <Stack gap="lg">
      <Group>
        <Button component={Link} to="/settings?tab=integrations" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          Back
        </Button>
      </Group>
      <Title order={2}>{serviceLabel(crm)}</Title>
      {auth.error && <Alert color="red">{INTEGRATION_MESSAGES.authDataFailed}</Alert>}
      <Tabs value={tab} onChange={(value) => value && setParams({ tab: value })} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="configuration">Configuration</Tabs.Tab>
          <Tabs.Tab value="sync" disabled={!auth.data}>
            Sync
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="configuration">
          <CrmCard service={crm} connected={Boolean(auth.data)} email={auth.data?.email ?? null} portal={auth.data?.teamPortalId ?? null} />
        </Tabs.Panel>
        <Tabs.Panel value="sync">{auth.data && <SyncSettings service={crm} />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function CrmCard({ service, connected, email, portal }: { service: CrmService; connected: boolean; email: string | null; portal: string | null }) {
  const label = serviceLabel(service);
  const connect = useConnect();
  const disconnect = useDisconnect();
  const settings = useServiceSettings<CrmSettings>(service, connected);
  const members = useTeamMembers(1, 100, '');
  const save = useSaveSettings<CrmSettings>(service);
  // undefined: not chosen in this card yet, so the saved user shows.
  const [chosenSyncUser, setSyncUser] = useState<string | null | undefined>(undefined);
  const syncUser = chosenSyncUser === undefined ? (settings.data?.userForSyncId ?? null) : chosenSyncUser;
  const options = (members.data?.data ?? []).filter((m) => m.userId && m.status === 'ACTIVE').map((m) => ({ value: m.userId!, label: `${m.name} (${m.email})` }));
  const unchanged = syncUser === (settings.data?.userForSyncId ?? null);

  return (
    <Card withBorder padding="lg" radius="md" maw={640} aria-label={`${label} connection`} component="section">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600}>{label}</Text>
          <Badge color={connected ? 'teal' : 'gray'}>{connected ? 'Connected' : 'Not connected'}</Badge>
        </Group>
        {connected ? (
          <Stack gap={4}>
            <Text size="sm">
              Connected email: <b>{email ?? 'unknown'}</b>
            </Text>
            <Text size="sm">
              Team portal: <b>{portal ?? 'unknown'}</b>
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Connect with a {label} admin account so the whole team syncs through it.
          </Text>
        )}
        {connected && (
          <Select
            label="Team sync user"
            description="Automatic pulls and pushes are recorded as this member's, and their progress shows in their jobs."
            data={options}
            value={syncUser}
            onChange={setSyncUser}
            allowDeselect={false}
            nothingFoundMessage="No options found."
          />
        )}
        <Group>
          {connected ? (
            <>
              <Button
                disabled={unchanged || save.isPending}
                loading={save.isPending}
                onClick={() =>
                  save.mutate({ userForSyncId: syncUser } satisfies CrmSettingsUpdate, {
                    onSuccess: () => notify.success(INTEGRATION_MESSAGES.settingsSaved(label)),
                    onError: () => notify.error(INTEGRATION_MESSAGES.settingsFailed(label)),
                  })
                }
              >
                Save
              </Button>
              <Button
                variant="default"
                color="red"
                loading={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(service, {
                    onSuccess: () => notify.success(INTEGRATION_MESSAGES.disconnected),
                    onError: () => notify.error(INTEGRATION_MESSAGES.disconnectFailed(label)),
                  })
                }
              >
                Disconnect
              </Button>
            </>
          ) : (
            <Button loading={connect.isPending} onClick={() => connect.mutate(service, { onError: (error) => notify.error(connectFailure(error, service)) })}>
              Connect
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function SyncSettings({ service }: { service: CrmService }) {
  const label = serviceLabel(service);
  const settings = useServiceSettings<CrmSettings>(service);
  const save = useSaveSettings<CrmSettings>(service);
  const pull = usePull();
  const [pullJob, setPullJob] = useState<string | null>(null);
  const [edited, setDraft] = useState<{ autoPullEnabled: boolean; autoPushEnabled: boolean; profileType: 'contact' | 'lead' } | null>(null);
  const draft = edited ?? (settings.data ? { autoPullEnabled: settings.data.autoPullEnabled, autoPushEnabled: settings.data.autoPushEnabled, profileType: settings.data.profileType ?? 'lead' } : null);
  if (settings.error) return <Alert color="red">{`There was an error fetching your ${label} settings. Please try again later!`}</Alert>;
  if (!settings.data || !draft) return <Loader />;
  const unchanged =
    draft.autoPullEnabled === settings.data.autoPullEnabled && draft.autoPushEnabled === settings.data.autoPushEnabled && (service !== 'salesforce' || draft.profileType === settings.data.profileType);

  return (
    <Card withBorder padding="lg" radius="md" maw={640} component="section" aria-label="Sync settings">
      <Stack gap="md">
        <Switch label="Pull contacts every hour" description={`Last pull: ${when(settings.data.lastPullPerformedAt)}`} checked={draft.autoPullEnabled} onChange={(e) => setDraft({ ...draft, autoPullEnabled: e.currentTarget.checked })} />
        <Switch label="Push newly enriched contacts" description={`Last push: ${when(settings.data.lastPushPerformedAt)}`} checked={draft.autoPushEnabled} onChange={(e) => setDraft({ ...draft, autoPushEnabled: e.currentTarget.checked })} />
        {service === 'salesforce' && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Push prospects as
            </Text>
            <SegmentedControl
              aria-label="Push prospects as"
              value={draft.profileType}
              onChange={(value) => setDraft({ ...draft, profileType: value as 'contact' | 'lead' })}
              data={[
                { value: 'lead', label: 'Leads' },
                { value: 'contact', label: 'Contacts' },
              ]}
            />
          </Stack>
        )}
        <Group>
          <Button
            disabled={unchanged || save.isPending}
            loading={save.isPending}
            onClick={() =>
              save.mutate(service === 'salesforce' ? draft : { autoPullEnabled: draft.autoPullEnabled, autoPushEnabled: draft.autoPushEnabled }, {
                onSuccess: () => notify.success(INTEGRATION_MESSAGES.settingsSaved(label)),
                onError: () => notify.error(INTEGRATION_MESSAGES.settingsFailed(label)),
              })
            }
          >
            Save
          </Button>
          <Button
            variant="default"
            loading={pull.isPending}
            onClick={() =>
              pull.mutate(service, {
                onSuccess: ({ jobId }) => {
                  setPullJob(jobId);
                  notify.success(INTEGRATION_MESSAGES.pullQueued(label));
                },
                onError: () => notify.error(INTEGRATION_MESSAGES.pullPushFailed(label)),
              })
            }
          >
            Pull now
          </Button>
        </Group>
        {pullJob && (
          <Stack gap={4}>
            <JobProgress jobId={pullJob} />
            <Anchor component={Link} to="/prospects/lists" size="sm">
              See the pulled contacts in Lists
            </Anchor>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
