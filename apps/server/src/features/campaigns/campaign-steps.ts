import crypto from 'node:crypto';
import { renderBody, renderTemplate, stepDueAt, type SendingWindow, type VariableValues } from '@leadline/shared/campaigns/index';
import type { StepRow } from './campaigns.repository.js';

const ANY_HOUR = { start: '00:00', end: '23:59' };

/**
 * When a newly enrolled lead's first step is due. Leads sent in their own time zones are due
 * their delay after now at any hour of the window's days: the scheduler moves each into its own window.
 */
export const firstDueAt = (now: Date, step: Pick<StepRow, 'delay_days' | 'business_days'>, window: SendingWindow & { useLeadTimezone?: boolean }) =>
  stepDueAt(now, step.delay_days, step.business_days, window.useLeadTimezone ? { ...window, ...ANY_HOUR } : window);

type ContactFields = { first_name: string | null; last_name: string | null; full_name: string | null; company_name: string | null; job_title: string | null; city: string | null; country: string | null; industry: string | null };

const capitalised = (value: string | null) => (value ? value.replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase()) : null);

/** A contact's values for the step variables (the people database stores names in lower case). */
export function variablesOf(contact: ContactFields | undefined, email: string | null, senderName: string | null): VariableValues {
  const first = contact?.first_name ?? contact?.full_name?.split(/\s+/)[0] ?? null;
  return {
    firstName: capitalised(first),
    lastName: capitalised(contact?.last_name ?? null),
    fullName: capitalised(contact?.full_name ?? null),
    companyName: capitalised(contact?.company_name ?? null),
    jobTitle: contact?.job_title ?? null,
    email,
    city: capitalised(contact?.city ?? null),
    country: capitalised(contact?.country ?? null),
    industry: contact?.industry ?? null,
    senderName,
  };
}

/**
 * The A/B variant of a step for a lead: a hash of (lead, step) spread over the weights, so a
 * lead always gets the same variant, whatever process computes it.
 */
export function chooseVariant(leadId: string, position: number, weights: number[]): number {
  if (weights.length <= 1) return 0;
  const bucket = crypto.createHash('sha256').update(`${leadId}:${position}`).digest().readUInt32BE(0) % weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  for (let i = 0; i < weights.length; i++) {
    acc += weights[i]!;
    if (bucket < acc) return i;
  }
  return weights.length - 1;
}

export type RenderedStep = { subject: string; body: string; variant: number; inThread: boolean };

/**
 * A step's email for a lead. A later email without a subject (unless it asks for a new thread)
 * answers the thread: "Re: " and the first email's subject.
 */
export function renderStep(step: StepRow, variant: number, values: VariableValues, threadSubject: string | null): RenderedStep {
  const chosen = step.variants?.length ? (step.variants[Math.min(variant, step.variants.length - 1)] ?? step.variants[0]!) : { subject: step.subject ?? undefined, body: step.body ?? '' };
  const own = renderTemplate(chosen.subject ?? '', values).trim();
  const inThread = !step.new_thread && !own && threadSubject !== null;
  const subject = own || (threadSubject ? (/^re:/i.test(threadSubject) ? threadSubject : `Re: ${threadSubject}`) : '');
  return { subject, body: renderBody(chosen.body, values), variant: step.variants?.length ? Math.min(variant, step.variants.length - 1) : 0, inThread };
}
