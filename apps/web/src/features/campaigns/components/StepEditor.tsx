import { ActionIcon, Button, Card, Checkbox, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { CAMPAIGN_STEP_TYPES, CAMPAIGN_VARIABLES, type CampaignStepType } from '@leadline/shared/campaigns/index';
import { useRef } from 'react';

export type DraftStep = { type: CampaignStepType; delayDays: number; subject: string; body: string; newThread: boolean };

const TYPE_LABELS: Record<CampaignStepType, string> = {
  email: 'Email',
  linkedin_request: 'LinkedIn connection request (task)',
  linkedin_message: 'LinkedIn message (task)',
  call: 'Call (task)',
  task: 'Manual task',
};

/** One step: its type, delay, and for an email a subject and body with a variable picker. */
function StepCard({ step, index, onChange, onRemove }: { step: DraftStep; index: number; onChange: (step: DraftStep) => void; onRemove?: () => void }) {
  const body = useRef<HTMLTextAreaElement>(null);
  const insert = (name: string) => {
    const el = body.current;
    const token = `{{${name}}}`;
    const at = el?.selectionStart ?? step.body.length;
    onChange({ ...step, body: step.body.slice(0, at) + token + step.body.slice(el?.selectionEnd ?? at) });
  };
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Step {index + 1}</Text>
          {onRemove && (
            <ActionIcon variant="subtle" color="red" aria-label={`Remove step ${index + 1}`} onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        <Group grow>
          <Select label="Type" data={CAMPAIGN_STEP_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} value={step.type} onChange={(v) => v && onChange({ ...step, type: v as CampaignStepType })} allowDeselect={false} />
          <NumberInput label={index === 0 ? 'Days after launch' : 'Days after the previous step'} min={0} max={365} value={step.delayDays} onChange={(v) => onChange({ ...step, delayDays: Number(v) || 0 })} />
        </Group>
        {step.type === 'email' && (
          <>
            <TextInput
              label="Subject"
              description={index > 0 ? 'Leave empty to reply in the same thread' : undefined}
              value={step.subject}
              onChange={(e) => onChange({ ...step, subject: e.currentTarget.value })}
            />
            {index > 0 && <Checkbox label="Start a new thread" checked={step.newThread} onChange={(e) => onChange({ ...step, newThread: e.currentTarget.checked })} />}
          </>
        )}
        <Textarea ref={body} label={step.type === 'email' ? 'Body' : 'Instructions'} autosize minRows={4} value={step.body} onChange={(e) => onChange({ ...step, body: e.currentTarget.value })} />
        <Group gap={4}>
          <Text size="xs" c="dimmed">
            Insert:
          </Text>
          {CAMPAIGN_VARIABLES.map((name) => (
            <Button key={name} size="compact-xs" variant="light" onClick={() => insert(name)}>
              {name}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

export function StepEditor({ steps, onChange }: { steps: DraftStep[]; onChange: (steps: DraftStep[]) => void }) {
  return (
    <Stack>
      {steps.map((step, i) => (
        <StepCard
          key={i}
          step={step}
          index={i}
          onChange={(next) => onChange(steps.map((s, j) => (j === i ? next : s)))}
          onRemove={steps.length > 1 ? () => onChange(steps.filter((_, j) => j !== i)) : undefined}
        />
      ))}
      <Button variant="default" onClick={() => onChange([...steps, { type: 'email', delayDays: 2, subject: '', body: '', newThread: false }])}>
        Add step
      </Button>
    </Stack>
  );
}
