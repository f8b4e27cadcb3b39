import { Alert, Button, Group, MultiSelect, Radio, Stack, Stepper, TextInput, Title, Tooltip } from '@mantine/core';
import { CAMPAIGN_MESSAGES, CampaignCreateBody, type CampaignCreateInput } from '@leadline/shared/campaigns/index';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useAiStatus } from '../../ai/api';
import { useTour } from '../../onboarding/tours/use-tour';
import { CAMPAIGN_SCREEN_MESSAGES, useAudienceChoices, useCreateCampaign } from '../api';
import { AiCampaignContext } from '../components/AiCampaignContext';
import { DEFAULT_SENDING_OPTIONS, SendingOptions, type SendingOptionsValue } from '../components/SendingOptions';
import { SaveTemplateModal } from '../components/SaveTemplateModal';
import { browserZone, SenderScheduleFields } from '../components/SenderScheduleFields';
import { draftSteps, StepEditor, type DraftStep } from '../components/StepEditor';
import { draftStepsOfTemplate, issueText, stepsOf } from '../components/steps-input';
import { useTemplateOnce } from '../templates-api';

/** The request body from the form. */
function bodyOf(form: { name: string; listIds: string[]; mailboxes: string[]; timezone: string; days: string[]; start: string; end: string; dailyLimit: number; steps: DraftStep[]; options: SendingOptionsValue }): CampaignCreateInput {
  const { useLeadTimezone, ...tracking } = form.options;
  return {
    ...tracking,
    name: form.name,
    listIds: form.listIds,
    mailboxes: form.mailboxes,
    schedule: { timezone: form.timezone, days: form.days.map(Number), start: form.start, end: form.end, useLeadTimezone },
    dailyLimit: form.dailyLimit,
    steps: stepsOf(form.steps),
  };
}

/** /engage/sequences/new-campaign (spec §2): AI generated or basic, basic information, AI campaign context, the sequence. */
export function NewCampaignPage() {
  const navigate = useNavigate();
  const { lists, mailboxes } = useAudienceChoices();
  const create = useCreateCampaign();
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const aiReady = useAiStatus().data?.configured === true;
  const [mode, setMode] = useState<'ai' | 'basic'>('basic');
  const [form, setForm] = useState({
    name: '',
    listIds: [] as string[],
    mailboxes: [] as string[],
    timezone: browserZone,
    days: ['1', '2', '3', '4', '5'],
    start: '09:00',
    end: '17:00',
    dailyLimit: 50,
    options: DEFAULT_SENDING_OPTIONS,
    steps: draftSteps([
      { type: 'email', delayDays: 0, subject: '', body: 'Hi {{firstName|there}},\n\n', newThread: false },
      { type: 'email', delayDays: 3, subject: '', body: 'Hi {{firstName|there}}, following up on my last email.', newThread: false },
    ]),
  });
  const [params] = useSearchParams();
  const [savingTemplate, setSavingTemplate] = useState(false);
  // A campaign started from a template: its steps replace the default ones.
  const [template, setTemplate] = useState<string | null>(null);
  useTemplateOnce(params.get('template'), (t) => {
    setTemplate(t.name);
    setMode('basic');
    setForm((f) => ({ ...f, steps: draftStepsOfTemplate(t) }));
  });
  useTour('new-campaign', { ready: true });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = () => {
    const parsed = CampaignCreateBody.safeParse(bodyOf(form));
    if (!parsed.success) {
      setError(issueText(parsed.error.issues[0]!));
      return;
    }
    setError(null);
    create.mutate(bodyOf(form), {
      onSuccess: ({ data }) => {
        notify.success(CAMPAIGN_SCREEN_MESSAGES.created);
        void navigate(`/engage/sequences/campaign-details?id=${data.id}`);
      },
      onError: (e) => setError(isApiError(e) ? e.message : CAMPAIGN_SCREEN_MESSAGES.actionFailed),
    });
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h3">
        New campaign
      </Title>
      {template && (
        <Alert color="blue" variant="light">
          Steps from the template “{template}”: edit them in the Sequence step.
        </Alert>
      )}
      <Stepper active={active} onStepClick={setActive}>
        <Stepper.Step label="AI generated or basic">
          <Radio.Group value={mode} onChange={(v) => setMode(v === 'ai' ? 'ai' : 'basic')} label="How do you want to build the sequence?" data-tour="campaign-mode">
            <Stack mt="xs">
              <Tooltip label={CAMPAIGN_MESSAGES.aiUnavailable} disabled={aiReady}>
                <div>
                  <Radio value="ai" label="AI generated" description={aiReady ? 'AI writes the steps from your context; you edit them' : CAMPAIGN_MESSAGES.aiUnavailable} disabled={!aiReady} />
                </div>
              </Tooltip>
              <Radio value="basic" label="Basic" description="Write the steps yourself" />
            </Stack>
          </Radio.Group>
        </Stepper.Step>
        <Stepper.Step label="Basic information" data-tour="campaign-basics">
          <Stack>
            <TextInput label="Campaign name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
            <MultiSelect label="Lists" required searchable data={(lists.data ?? []).map((l) => ({ value: l._id, label: l.name }))} value={form.listIds} onChange={(v) => set('listIds', v)} />
            <SenderScheduleFields
              value={form}
              mailboxes={mailboxes.data ?? []}
              onChange={({ mailboxes: senders, timezone, days, start, end, dailyLimit }) => setForm((f) => ({ ...f, mailboxes: senders, timezone, days, start, end, dailyLimit }))}
            />
            <SendingOptions value={form.options} onChange={(v) => set('options', v)} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="AI campaign context">
          {mode === 'ai' ? (
            <AiCampaignContext
              listIds={form.listIds}
              onGenerated={(steps) => {
                set('steps', steps);
                setActive(3);
              }}
            />
          ) : (
            <Alert color="gray">A basic campaign needs no context: go on to the sequence.</Alert>
          )}
        </Stepper.Step>
        <Stepper.Step label="Sequence" data-tour="campaign-sequence">
          <StepEditor steps={form.steps} onChange={(steps) => set('steps', steps)} />
          <Group justify="flex-end" mt="sm">
            <Button variant="subtle" onClick={() => setSavingTemplate(true)}>
              Save steps as template
            </Button>
          </Group>
        </Stepper.Step>
      </Stepper>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {savingTemplate && (
        <SaveTemplateModal
          opened
          defaultName={form.name}
          onClose={() => setSavingTemplate(false)}
          source={() => {
            const parsed = CampaignCreateBody.shape.steps.safeParse(stepsOf(form.steps));
            return parsed.success ? { steps: parsed.data } : issueText({ ...parsed.error.issues[0]!, path: ['steps', ...parsed.error.issues[0]!.path] });
          }}
        />
      )}
      <Group justify="space-between" data-tour="campaign-actions">
        <Button variant="default" disabled={active === 0} onClick={() => setActive((a) => a - 1)}>
          Back
        </Button>
        {active < 3 ? (
          <Button onClick={() => setActive((a) => a + 1)}>Next</Button>
        ) : (
          <Button onClick={submit} loading={create.isPending}>
            Create campaign
          </Button>
        )}
      </Group>
    </Stack>
  );
}
