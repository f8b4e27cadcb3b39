import { ActionIcon, Button, Card, Checkbox, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { CAMPAIGN_STEP_TYPES, textToHtml, unknownVariableMessage, unknownVariables, type CampaignStepType, type CampaignVariant } from '@leadline/shared/campaigns/index';
import { useEffect, useRef } from 'react';
import { MessageEditor, useMessageEditor } from '../../mailboxes';
import { VariablePicker } from './VariablePicker';

export type DraftStep = {
  /** Stable across edits, so each step keeps its own editor when steps are added or removed. */
  uid: string;
  type: CampaignStepType;
  delayDays: number;
  businessDays?: boolean;
  subject: string;
  body: string;
  newThread: boolean;
  variants?: CampaignVariant[];
};

let lastUid = 0;
/** Steps for the form, each with its uid; bodies in the editor's HTML. */
export const draftSteps = (steps: Array<Omit<DraftStep, 'uid'>>): DraftStep[] => steps.map((s) => ({ ...s, body: s.type === 'email' && s.body ? textToHtml(s.body) : s.body, uid: `step-${++lastUid}` }));

const TYPE_LABELS: Record<CampaignStepType, string> = {
  email: 'Email',
  linkedin_request: 'LinkedIn connection request (task)',
  linkedin_message: 'LinkedIn message (task)',
  call: 'Call (task)',
  task: 'Manual task',
};
const noop = () => undefined;

/** An email step's body in the inbox's editor (HTML), with the variable picker in its toolbar. */
function BodyEditor({ html, label, onChange }: { html: string; label: string; onChange: (html: string) => void }) {
  const editor = useMessageEditor(textToHtml(html), noop, false, noop, label);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!editor) return;
    const update = () => latest.current(editor.isEmpty ? '' : editor.getHTML());
    editor.on('update', update);
    return () => {
      editor.off('update', update);
    };
  }, [editor]);
  const insert = (token: string) => {
    if (editor && !editor.isDestroyed) editor.chain().focus().insertContent({ type: 'text', text: token }).run();
  };
  return <MessageEditor editor={editor} disabled={false} autoFocus={false} minHeight={140} extraControls={<VariablePicker label={`Insert a variable in the ${label.toLowerCase()}`} onInsert={insert} />} />;
}

/** One step: its type, delay, and for an email a subject and body with a variable picker. */
function StepCard({ step, index, onChange, onRemove }: { step: DraftStep; index: number; onChange: (step: DraftStep) => void; onRemove?: () => void }) {
  const subject = useRef<HTMLInputElement>(null);
  const insertInSubject = (token: string) => {
    const el = subject.current;
    const from = el?.selectionStart ?? step.subject.length;
    const to = el?.selectionEnd ?? from;
    onChange({ ...step, subject: step.subject.slice(0, from) + token + step.subject.slice(to) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(from + token.length, from + token.length);
    });
  };
  const unknown = unknownVariables(`${step.subject} ${step.body}`);
  const name = `Step ${index + 1}`;
  return (
    <Card withBorder aria-label={name} component="section">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{name}</Text>
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
        {step.type === 'email' ? (
          <>
            <TextInput
              ref={subject}
              label="Subject"
              description={index > 0 ? 'Leave empty to reply in the same thread' : undefined}
              value={step.subject}
              onChange={(e) => onChange({ ...step, subject: e.currentTarget.value })}
              rightSectionWidth={118}
              rightSection={<VariablePicker label={`Insert a variable in the subject of step ${index + 1}`} onInsert={insertInSubject} />}
            />
            {index > 0 && <Checkbox label="Start a new thread" checked={step.newThread} onChange={(e) => onChange({ ...step, newThread: e.currentTarget.checked })} />}
            <Text size="sm" fw={500}>
              Body
            </Text>
            <BodyEditor html={step.body} label={`${name} body`} onChange={(body) => onChange({ ...step, body })} />
          </>
        ) : (
          <Textarea label="Instructions" autosize minRows={2} value={step.body} onChange={(e) => onChange({ ...step, body: e.currentTarget.value })} />
        )}
        {unknown.length > 0 && (
          <Text size="sm" c="red" role="alert">
            {unknownVariableMessage(unknown)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function StepEditor({ steps, onChange }: { steps: DraftStep[]; onChange: (steps: DraftStep[]) => void }) {
  return (
    <Stack>
      {steps.map((step, i) => (
        <StepCard
          key={step.uid}
          step={step}
          index={i}
          onChange={(next) => onChange(steps.map((s) => (s.uid === step.uid ? next : s)))}
          onRemove={steps.length > 1 ? () => onChange(steps.filter((s) => s.uid !== step.uid)) : undefined}
        />
      ))}
      <Button variant="default" onClick={() => onChange([...steps, ...draftSteps([{ type: 'email', delayDays: 2, subject: '', body: '', newThread: false }])])}>
        Add step
      </Button>
    </Stack>
  );
}
