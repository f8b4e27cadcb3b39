import type { CampaignCreateInput, CampaignTemplateDto } from '@leadline/shared/campaigns/index';
import { draftSteps, type DraftStep } from './StepEditor';

/** The steps as the API takes them, empty subjects left out (a later email then replies in the thread). */
export const stepsOf = (steps: DraftStep[]): CampaignCreateInput['steps'] =>
  steps.map((s) => ({
    type: s.type,
    delayDays: s.delayDays,
    ...(s.businessDays !== undefined ? { businessDays: s.businessDays } : {}),
    body: s.body,
    newThread: s.newThread,
    ...(s.type === 'email' && s.subject.trim() ? { subject: s.subject } : {}),
    ...(s.type === 'email' && s.variants?.length ? { variants: s.variants } : {}),
  }));

/** A template's steps, ready for the step editor. */
export const draftStepsOfTemplate = (template: CampaignTemplateDto): DraftStep[] =>
  draftSteps(
    template.steps.map((s) => ({ type: s.type, delayDays: s.delayDays, businessDays: s.businessDays, subject: s.subject ?? '', body: s.body ?? '', newThread: s.newThread, variants: s.variants })),
  );

/** The form's labels of the request's fields, to name a refused one as the user sees it. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Campaign name',
  listIds: 'Lists',
  mailboxes: 'Send from',
  'schedule.timezone': 'Time zone',
  'schedule.days': 'Sending days',
  'schedule.start': 'From',
  'schedule.end': 'To',
  dailyLimit: 'Emails per day',
};

/** A refusal of the form, the field named as the user sees it ("Step 2, body: ...", "Send from: ..."). */
export function issueText(issue: { path: PropertyKey[]; message: string }): string {
  const [field, index, part] = issue.path;
  if (field === 'steps' && typeof index === 'number') return `Step ${index + 1}${part ? `, ${String(part)}` : ''}: ${issue.message}`;
  const path = issue.path.join('.');
  return path ? `${FIELD_LABELS[path] ?? path}: ${issue.message}` : issue.message;
}
