import { notFound } from '@leadline/shared';
import { CAMPAIGN_SKIP_REASONS } from '@leadline/shared/campaigns/index';
import type { CampaignTimeline, CampaignTimelineEntry } from '@leadline/shared/campaigns/timeline';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { requireCampaign } from './campaigns.service.js';
import * as repo from './campaign-timeline.repository.js';

type Entry = CampaignTimelineEntry & { time: number };
const entry = (at: Date, kind: string, step: number | null, detail: string | null): Entry => ({ at: at.toISOString(), time: at.getTime(), kind, step, detail });

/**
 * A lead's history in one campaign, oldest first: its enrolment (or why it was skipped), the
 * engine's events, what only the sends hold (opens, clicks, unsubscribes, failures), and the
 * next step due.
 */
export async function leadTimeline(db: Kysely<DB>, actor: Actor, campaignId: string, leadId: string): Promise<CampaignTimeline> {
  await requireCampaign(db, actor, campaignId);
  const lead = await repo.findTimelineLead(db, campaignId, leadId);
  if (!lead) throw notFound('Lead');
  const [events, sends] = await Promise.all([repo.leadEvents(db, leadId), repo.leadSends(db, leadId)]);

  const skipReason = lead.skip_reason ? (CAMPAIGN_SKIP_REASONS[lead.skip_reason as keyof typeof CAMPAIGN_SKIP_REASONS] ?? lead.skip_reason) : null;
  const first = lead.status === 'skipped' ? entry(lead.created_at, 'skipped', null, skipReason) : entry(lead.created_at, 'enrolled', null, null);
  const entries: Entry[] = [];
  // Task steps are recorded as `task:<step type>`; the type is already in the detail's step.
  for (const e of events) entries.push(entry(e.at, e.kind.startsWith('task:') ? 'task' : e.kind, e.step_position, e.kind.startsWith('task:') ? (e.detail ?? e.kind.slice(5)) : e.detail));
  const recorded = new Set(events.map((e) => `${e.kind}:${e.step_position}`));
  for (const s of sends) {
    if (s.opened_at) entries.push(entry(s.opened_at, 'opened', s.step_position, null));
    if (s.clicked_at) entries.push(entry(s.clicked_at, 'clicked', s.step_position, null));
    if (s.unsubscribed_at && !recorded.has(`unsubscribed:${s.step_position}`)) entries.push(entry(s.unsubscribed_at, 'unsubscribed', s.step_position, null));
    if (s.status === 'failed' && !recorded.has(`failed:${s.step_position}`)) entries.push(entry(s.due_at, 'failed', s.step_position, s.error));
    if (s.status === 'queued' && lead.status === 'active') entries.push(entry(s.due_at, 'scheduled', s.step_position, s.subject));
  }
  // The next step, before the scheduler plans its email (it plans one only when it is due).
  const planned = sends.some((s) => s.step_position === lead.next_position);
  if (lead.status === 'active' && lead.next_at && lead.next_position !== null && !planned) entries.push(entry(lead.next_at, 'scheduled', lead.next_position, null));
  // A stable sort: entries of one instant keep the order they were gathered in. The enrolment
  // opens the history whatever the clocks say (the database stamps it, the engine its events).
  entries.sort((a, b) => a.time - b.time);
  entries.unshift(first);
  return {
    lead: { id: lead.id, name: lead.full_name, email: lead.email, status: lead.status },
    entries: entries.map(({ time: _time, ...rest }) => rest),
  };
}
