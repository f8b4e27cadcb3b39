import { INTEGRATION_MESSAGES, type CrmService } from '@leadline/shared';
import type { SyncRun } from '../../db/schema-integrations.js';
import type { AppContext } from '../../lib/context.js';
import { ProgressTracker } from '../progress/index.js';
import * as lists from '../lists/index.js';
import * as repo from './integrations.repository.js';
import { crmSession, crmStored, serviceLabel, zapierLinks } from './integrations.service.js';
import { integrationVendors, type IntegrationVendors } from './integrations.vendors.js';
import { VendorAuthError, VendorError, type CrmContactInput } from './vendors/types.js';
import { ZAPIER_BATCH } from './vendors/zapier.js';

/** How long a pull may hold its team's lease before another may assume it died. */
export const PULL_LEASE_SECONDS = 10 * 60;

export type SyncOutcome = { state: 'completed' | 'failed' | 'skipped'; pushed: number; failed: number; skipped: number; listId?: string | null };

type Notify = (teamId: string, text: string) => Promise<void>;

function toInput(row: Awaited<ReturnType<typeof repo.pushTargetsAfter>>[number]): CrmContactInput {
  const [first, ...rest] = (row.full_name ?? '').split(/\s+/).filter(Boolean);
  return {
    contactId: row.id,
    externalId: row.external_id,
    email: row.primary_email,
    firstName: row.first_name ?? first ?? null,
    lastName: row.last_name ?? (rest.join(' ') || null),
    jobTitle: row.job_title,
    companyName: row.company_name,
    companyDomain: row.company_domain,
    phone: row.primary_phone,
    linkedinUrl: row.linkedin_url,
    city: row.city,
    state: row.state,
    country: row.country,
    industry: row.industry,
  };
}

const zapierPayload = (c: CrmContactInput) => ({
  id: c.contactId,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  jobTitle: c.jobTitle,
  companyName: c.companyName,
  companyDomain: c.companyDomain,
  linkedIn: c.linkedinUrl,
  city: c.city,
  state: c.state,
  country: c.country,
  industry: c.industry,
});

/**
 * Runs (or resumes) a push. Contacts go in id order from the run's cursor, a CRM batch at a time;
 * each batch's outcomes and the new cursor are stored before the next, so a retried job goes on
 * from there, and a batch replayed after a crash is an upsert (by email, or by the CRM id stored
 * for it) that changes nothing twice. Contacts with neither email nor phone are skipped (spec §5).
 * A retryable vendor failure (429 past its retries, 5xx, network) is thrown for the job to retry;
 * a refused token ends the run with the reconnect message.
 */
export async function runPush(ctx: AppContext, run: SyncRun, options: { vendors?: IntegrationVendors; final: boolean; notify?: Notify }): Promise<SyncOutcome | null> {
  const vendors = options.vendors ?? integrationVendors(ctx);
  const progress = run.progress_id ? new ProgressTracker(ctx.db, run.progress_id) : null;
  const params = run.params as unknown as repo.PushTarget;
  const service = run.service as CrmService | 'zapier';
  const integration = await repo.findIntegration(ctx.db, run.team_id, service);
  const end = async (state: SyncOutcome['state'], message?: string) => {
    const done = await repo.finishSyncRun(ctx.db, run.id, state);
    const outcome = { state, pushed: done.pushed, failed: done.failed, skipped: done.skipped };
    if (state === 'failed') await progress?.fail(message ?? INTEGRATION_MESSAGES.pullPushFailed(serviceLabel(service)));
    else await progress?.complete(outcome);
    if (integration && state === 'completed') await repo.updateIntegration(ctx.db, integration.id, { lastPushAt: new Date() });
    if (state === 'completed') await options.notify?.(run.team_id, `Leadline: ${done.pushed} prospect${done.pushed === 1 ? '' : 's'} pushed to ${serviceLabel(service)}${done.failed ? `, ${done.failed} refused` : ''}.`);
    return outcome;
  };
  if (!integration || (service === 'zapier' && zapierLinks(integration).length === 0)) return end('failed', INTEGRATION_MESSAGES.notConnected(serviceLabel(service)));

  const crm = service === 'zapier' ? null : vendors.crm(service);
  if (service !== 'zapier' && !crm) return end('failed', INTEGRATION_MESSAGES.notConfigured(serviceLabel(service)));
  const session = crm ? crmSession(ctx, integration, vendors) : null;
  const batchSize = crm?.batchSize ?? ZAPIER_BATCH;
  await progress?.start();
  let cursor = run.cursor;
  let done = run.pushed + run.failed + run.skipped;
  try {
    for (;;) {
      const rows = await repo.pushTargetsAfter(ctx.db, run.team_id, params, service, cursor, batchSize);
      if (rows.length === 0) break;
      const inputs = rows.map(toInput);
      const sendable = inputs.filter((c) => c.email || c.phone);
      let pushed = 0;
      let failed = 0;
      if (crm && session) {
        const outcomes = await crm.push(session, sendable);
        await repo.recordPushOutcomes(ctx.db, run.team_id, service, serviceLabel(service), outcomes);
        failed = outcomes.filter((o) => o.error).length;
        pushed = outcomes.length - failed;
        const errors = outcomes.filter((o) => o.error).map((o) => ({ message: o.error!, item: o.contactId }));
        if (errors.length) await progress?.recordErrors(errors);
      } else if (sendable.length > 0) {
        for (const { link } of zapierLinks(integration)) await vendors.zapier().send(link, sendable.map(zapierPayload));
        pushed = sendable.length;
      }
      cursor = rows[rows.length - 1]!.id;
      await repo.advanceSyncRun(ctx.db, run.id, { cursor, pushed, failed, skipped: rows.length - sendable.length });
      done += rows.length;
      await progress?.advance(done);
    }
  } catch (error) {
    if (error instanceof VendorAuthError) return end('failed', INTEGRATION_MESSAGES.tokenRevoked(serviceLabel(service)));
    if (error instanceof VendorError && !error.retryable) return end('failed', `${INTEGRATION_MESSAGES.pullPushFailed(serviceLabel(service))} (${error.message})`);
    if (options.final) return end('failed');
    throw error;
  }
  return end('completed');
}

/**
 * Runs (or resumes) a pull into the CRM's system list. Only one pull per team runs at a time:
 * the run takes the integration's lease first and is skipped when another holds it. Records are
 * matched to contacts by their CRM id, so a pull repeated or resumed adds nobody twice.
 */
export async function runPull(ctx: AppContext, run: SyncRun, options: { vendors?: IntegrationVendors; final: boolean; notify?: Notify }): Promise<SyncOutcome> {
  const vendors = options.vendors ?? integrationVendors(ctx);
  const progress = run.progress_id ? new ProgressTracker(ctx.db, run.progress_id) : null;
  const service = run.service as CrmService;
  const integration = await repo.findIntegration(ctx.db, run.team_id, service);
  const finish = async (state: SyncOutcome['state'], message?: string, listId: string | null = null) => {
    const done = await repo.finishSyncRun(ctx.db, run.id, state);
    if (state === 'failed') await progress?.fail(message ?? INTEGRATION_MESSAGES.pullPushFailed(serviceLabel(service)));
    else await progress?.complete({ state, pulled: done.pushed, listId, ...(state === 'skipped' ? { reason: 'Another pull of this CRM is running.' } : {}) });
    return { state, pushed: done.pushed, failed: done.failed, skipped: done.skipped, listId };
  };
  if (!integration) return finish('failed', INTEGRATION_MESSAGES.notConnected(serviceLabel(service)));
  const crm = vendors.crm(service);
  if (!crm) return finish('failed', INTEGRATION_MESSAGES.notConfigured(serviceLabel(service)));
  if (!(await repo.takePullLease(ctx.db, integration.id, run.id, PULL_LEASE_SECONDS))) return finish('skipped');

  try {
    const listId = await pullList(ctx, integration.id, run.team_id, service);
    if (!run.list_id) await repo.setSyncRunList(ctx.db, run.id, listId);
    await lists.setListStatus(ctx.db, listId, 'processing');
    const session = crmSession(ctx, integration, vendors);
    await progress?.start();
    let cursor = run.cursor;
    let pulled = run.pushed;
    const urlOf = (id: string) =>
      service === 'hubspot'
        ? integration.portal_id ? `${ctx.config.hubspot.appUrl}/contacts/${integration.portal_id}/record/0-1/${id}` : null
        : session.instanceUrl ? `${session.instanceUrl}/lightning/r/${session.profileType === 'contact' ? 'Contact' : 'Lead'}/${id}/view` : null;
    for (;;) {
      const page = await crm.pull(session, cursor);
      const ids = await repo.upsertPulledContacts(ctx.db, run.team_id, service, serviceLabel(service), page.contacts, urlOf);
      await lists.addContactsToList(ctx.db, run.team_id, listId, ids, null);
      pulled += ids.length;
      cursor = page.next;
      await repo.advanceSyncRun(ctx.db, run.id, { cursor: cursor ?? 'end', pushed: ids.length, failed: 0, skipped: 0 });
      await progress?.advance(pulled);
      await repo.renewPullLease(ctx.db, integration.id, run.id, PULL_LEASE_SECONDS);
      if (!cursor) break;
    }
    await lists.setListStatus(ctx.db, listId, 'complete');
    await repo.updateIntegration(ctx.db, integration.id, { lastPullAt: new Date() });
    await repo.releasePullLease(ctx.db, integration.id, run.id);
    await options.notify?.(run.team_id, `Leadline: ${pulled} contact${pulled === 1 ? '' : 's'} pulled from ${serviceLabel(service)}.`);
    return finish('completed', undefined, listId);
  } catch (error) {
    const last = options.final || error instanceof VendorAuthError || (error instanceof VendorError && !error.retryable);
    if (!last) throw error;
    await repo.releasePullLease(ctx.db, integration.id, run.id);
    const listId = (await repo.findSyncRun(ctx.db, run.id))?.list_id ?? null;
    if (listId) await lists.setListStatus(ctx.db, listId, 'complete');
    return finish('failed', error instanceof VendorAuthError ? INTEGRATION_MESSAGES.tokenRevoked(serviceLabel(service)) : undefined, listId);
  }
}

/** The CRM's system list ('HubSpot contacts'), created on the first pull and again if deleted. */
async function pullList(ctx: AppContext, integrationId: string, teamId: string, service: CrmService) {
  const integration = (await repo.findIntegration(ctx.db, teamId, service))!;
  const stored = crmStored(integration);
  if (stored.pullListId) {
    const list = await lists.findList(ctx.db, teamId, stored.pullListId);
    if (list) return list.id;
  }
  const list = await lists.insertList(ctx.db, { teamId, name: `${serviceLabel(service)} contacts`, entityType: 'contactList', createdBy: null });
  await repo.updateIntegration(ctx.db, integrationId, { settings: { ...integration.settings, pullListId: list.id } });
  return list.id;
}
