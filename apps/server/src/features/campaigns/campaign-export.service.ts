import { displayCase } from '@leadline/shared';
import { CAMPAIGN_SKIP_REASONS } from '@leadline/shared/campaigns/index';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { createCsvStream } from '../../lib/files/index.js';
import { requireCampaign } from './campaigns.service.js';
import * as repo from './campaign-export.repository.js';

const BATCH = 2_000;

export const CAMPAIGN_EXPORT_HEADERS = [
  'Name', 'Email', 'Company', 'Job Title', 'Status', 'Skip Reason', 'Emails Sent', 'Last Sent',
  'Opened', 'Clicked', 'Replied', 'Bounced', 'Unsubscribed', 'Next Step', 'Next Step At',
] as const;

const count = (v: string | undefined) => Number(v ?? 0);
const yesNo = (v: string | undefined) => (count(v) > 0 ? 'yes' : 'no');

async function* leadBatches(db: Kysely<DB>, campaignId: string) {
  let after: string | null = null;
  for (;;) {
    const leads = await repo.leadsAfter(db, campaignId, after, BATCH);
    if (leads.length === 0) return;
    const outcomes = new Map((await repo.sendOutcomes(db, leads.map((l) => l.id))).map((o) => [o.lead_id, o]));
    yield leads.map((l) => {
      const o = outcomes.get(l.id);
      const active = l.status === 'active';
      return [
        displayCase(l.full_name),
        l.email,
        displayCase(l.company_name),
        displayCase(l.job_title),
        l.status,
        l.skip_reason ? (CAMPAIGN_SKIP_REASONS[l.skip_reason as keyof typeof CAMPAIGN_SKIP_REASONS] ?? l.skip_reason) : '',
        String(count(o?.sent)),
        l.last_sent_at?.toISOString() ?? '',
        yesNo(o?.opened),
        yesNo(o?.clicked),
        yesNo(o?.replied),
        yesNo(o?.bounced),
        yesNo(o?.unsubscribed),
        active && l.next_position !== null ? String(l.next_position + 1) : '',
        active ? (l.next_at?.toISOString() ?? '') : '',
      ];
    });
    after = leads.at(-1)!.id;
  }
}

/** A file name a browser accepts: the campaign's name without path or control characters. */
const fileNameOf = (name: string) => `${name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim().slice(0, 100) || 'campaign'} leads.csv`;

/** `GET /api/v1/campaigns/{id}/export`: every lead with its status and outcomes, as a streamed CSV. */
export async function exportLeads(db: Kysely<DB>, actor: Actor, campaignId: string): Promise<{ fileName: string; body: Readable }> {
  const campaign = await requireCampaign(db, actor, campaignId);
  return { fileName: fileNameOf(campaign.name), body: createCsvStream(CAMPAIGN_EXPORT_HEADERS, leadBatches(db, campaign.id)) };
}
