import crypto from 'node:crypto';
import {
  isUuid,
  ALL_ENRICHED_CONTACTS,
  AppError,
  CrmSettingsUpdate,
  MESSAGES,
  INTEGRATION_MESSAGES,
  INTEGRATION_SERVICES,
  isCrmService,
  notFound,
  SERVICE_LABELS,
  SLACK_MESSAGES,
  SlackSettingsUpdate,
  ZAPIER_MESSAGES,
  ZapierSettingsUpdate,
  type CrmService,
  type CrmSettings,
  type IntegrationService,
  type OAuthService,
  type PushBody,
  type PushService,
  type SlackSettings,
  type ZapierSettings,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { Integration } from '../../db/schema-integrations.js';
import type { Actor } from '../../lib/actor.js';
import { findSecret } from '../../lib/crypto/secrets.js';
import { readSignedToken, signToken } from '../../lib/crypto/signed-token.js';
import type { AppContext } from '../../lib/context.js';
import { ProgressTracker } from '../progress/index.js';
import { createFromPeople, findContactsByIds } from '../contacts/index.js';
import * as lists from '../lists/index.js';
import { crmPull, crmPush } from './integrations.jobs.js';
import * as repo from './integrations.repository.js';
import { boxOf, integrationVendors, type IntegrationVendors } from './integrations.vendors.js';
import { VendorAuthError, VendorError, type CrmSession } from './vendors/types.js';

const STATE_TTL_MS = 15 * 60 * 1000;
const label = (service: string) => SERVICE_LABELS[service as IntegrationService] ?? service;

/** Sends a run's push or pull job inside the transaction that created the run. */
async function sendSyncJob(ctx: AppContext, trx: Kysely<DB>, run: { id: string; direction: 'push' | 'pull' }) {
  await ctx.queue.send(run.direction === 'push' ? crmPush : crmPull, { runId: run.id }, { trx });
}

/* OAuth */

type OAuthState = { t: string; u: string; s: OAuthService; e: number; n: string };

async function stateSecret(db: Kysely<DB>) {
  return findSecret(db, 'oauth_state');
}

/** The OAuth `state`: who started the connection, for which service, until when; signed. */
export async function signState(db: Kysely<DB>, actor: Actor, service: OAuthService, now = Date.now()) {
  return signToken({ t: actor.teamId, u: actor.userId, s: service, e: now + STATE_TTL_MS, n: crypto.randomBytes(8).toString('hex') } satisfies OAuthState, await stateSecret(db));
}

/** A state made for this user, team and service, not expired and not forged; else 400. */
export async function verifyState(db: Kysely<DB>, actor: Actor, service: OAuthService, state: string, now = Date.now()) {
  const parsed = readSignedToken<OAuthState>(state, await stateSecret(db));
  if (!parsed || parsed.t !== actor.teamId || parsed.u !== actor.userId || parsed.s !== service || parsed.e < now) {
    throw new AppError('VALIDATION_FAILED', INTEGRATION_MESSAGES.badState, { field: 'state' });
  }
}

/**
 * The redirect URI registered with the vendor. Only PUBLIC_URL, never the request's Host header:
 * a forged Host would send the vendor's code to another site.
 */
export function redirectUriFor(ctx: AppContext, service: OAuthService) {
  if (!ctx.config.publicUrl) throw new AppError('PROVIDER_UNAVAILABLE', MESSAGES.oauthNeedsPublicUrl);
  return `${ctx.config.publicUrl}/integrations/${service}/callback`;
}

function unconfigured(service: string) {
  return new AppError('PROVIDER_UNAVAILABLE', INTEGRATION_MESSAGES.notConfigured(label(service)));
}

async function assertCrmSlotFree(db: Kysely<DB>, teamId: string, service: CrmService) {
  const crm = await repo.findTeamCrm(db, teamId);
  if (crm && crm.service !== service) throw new AppError('CONFLICT', INTEGRATION_MESSAGES.oneCrm);
}

export async function oauthUrl(ctx: AppContext, actor: Actor, service: OAuthService, vendors = integrationVendors(ctx)) {
  const redirectUri = redirectUriFor(ctx, service);
  const state = await signState(ctx.db, actor, service);
  if (service === 'slack') {
    const slack = vendors.slack();
    if (!slack) throw unconfigured(service);
    return slack.authorizeUrl({ state, redirectUri });
  }
  await assertCrmSlotFree(ctx.db, actor.teamId, service);
  const crm = vendors.crm(service);
  if (!crm) throw unconfigured(service);
  return crm.authorizeUrl({ state, redirectUri });
}

function vendorFailure(service: string, error: unknown): never {
  if (error instanceof AppError) throw error;
  const message = service === 'slack' ? SLACK_MESSAGES.installFailed : INTEGRATION_MESSAGES.connectFailed(label(service));
  throw new AppError('PROVIDER_UNAVAILABLE', message, { cause: error });
}

/** Exchanges the code, then stores the sealed tokens; a CRM becomes the team's one CRM. */
export async function oauthCallback(ctx: AppContext, actor: Actor, service: OAuthService, query: { code: string; state: string }, vendors = integrationVendors(ctx)) {
  await verifyState(ctx.db, actor, service, query.state);
  const redirectUri = redirectUriFor(ctx, service);
  const box = boxOf(ctx);
  if (service === 'slack') {
    const slack = vendors.slack();
    if (!slack) throw unconfigured(service);
    const install = await slack.exchangeCode({ code: query.code, redirectUri }).catch((e: unknown) => vendorFailure(service, e));
    const previous = await repo.findIntegration(ctx.db, actor.teamId, 'slack');
    await repo.upsertIntegration(ctx.db, actor.teamId, 'slack', {
      connectedBy: actor.userId,
      accountEmail: null,
      portalId: install.teamId,
      instanceUrl: null,
      accessToken: box.seal(install.accessToken),
      refreshToken: null,
      tokenExpiresAt: null,
      settings: { ...(previous?.settings ?? {}), teamName: install.teamName },
    });
    if (previous) await repo.updateIntegration(ctx.db, previous.id, { settings: { ...previous.settings, teamName: install.teamName } });
    return;
  }
  await assertCrmSlotFree(ctx.db, actor.teamId, service);
  const crm = vendors.crm(service);
  if (!crm) throw unconfigured(service);
  const account = await crm.exchangeCode({ code: query.code, redirectUri }).catch((e: unknown) => vendorFailure(service, e));
  const existing = await repo.findIntegration(ctx.db, actor.teamId, service);
  try {
    await repo.upsertIntegration(ctx.db, actor.teamId, service, {
      connectedBy: actor.userId,
      accountEmail: account.email,
      portalId: account.portalId,
      instanceUrl: account.instanceUrl ?? null,
      accessToken: box.seal(account.accessToken),
      refreshToken: account.refreshToken ? box.seal(account.refreshToken) : null,
      tokenExpiresAt: account.expiresAt,
      settings: existing?.settings ?? { autoPullEnabled: false, autoPushEnabled: false, profileType: service === 'salesforce' ? 'lead' : null },
    });
  } catch (error) {
    // Another admin connected the other CRM in between: the unique index says no.
    if (String((error as Error).message).includes('integrations_one_crm_idx')) throw new AppError('CONFLICT', INTEGRATION_MESSAGES.oneCrm);
    throw error;
  }
  const row = (await repo.findIntegration(ctx.db, actor.teamId, service))!;
  if (!row.user_for_sync_id) await repo.updateIntegration(ctx.db, row.id, { userForSyncId: actor.userId });
}

export async function disconnect(ctx: AppContext, actor: Actor, service: IntegrationService) {
  if (!(await repo.deleteIntegration(ctx.db, actor.teamId, service))) throw notFound(label(service));
}

/* Status and settings */

export async function integrationsStatus(ctx: AppContext, actor: Actor, vendors: IntegrationVendors = integrationVendors(ctx)) {
  const rows = new Map((await repo.findTeamIntegrations(ctx.db, actor.teamId)).map((r) => [r.service, r]));
  return INTEGRATION_SERVICES.map((service) => {
    const row = rows.get(service);
    const configured = service === 'zapier' ? true : service === 'slack' ? vendors.slack() !== null : vendors.crm(service) !== null;
    const connected = service === 'zapier' ? zapierLinks(row).length > 0 : service === 'slack' ? Boolean(row?.access_token) : Boolean(row);
    return { service, configured, connected, accountEmail: row?.account_email ?? null };
  });
}

const CrmStored = z.object({ autoPullEnabled: z.boolean().default(false), autoPushEnabled: z.boolean().default(false), profileType: z.enum(['contact', 'lead']).nullable().default(null), pullListId: z.string().nullable().default(null) });
const crmStored = (row: Integration) => CrmStored.parse(row.settings ?? {});

export function presentCrmSettings(row: Integration): CrmSettings {
  const s = crmStored(row);
  return {
    autoPullEnabled: s.autoPullEnabled,
    autoPushEnabled: s.autoPushEnabled,
    profileType: row.service === 'salesforce' ? (s.profileType ?? 'lead') : null,
    lastPullPerformedAt: row.last_pull_at?.toISOString() ?? null,
    lastPushPerformedAt: row.last_push_at?.toISOString() ?? null,
    userForSyncId: row.user_for_sync_id,
  };
}

function zapierLinks(row: Integration | undefined): Array<{ id: string; link: string }> {
  const links = (row?.settings as { links?: Array<{ id: string; link: string }> } | undefined)?.links;
  return Array.isArray(links) ? links : [];
}
function presentZapier(row: Integration | undefined): ZapierSettings {
  return { links: zapierLinks(row), options: { autoPushEnabled: Boolean((row?.settings as { autoPushEnabled?: boolean } | undefined)?.autoPushEnabled) } };
}
function presentSlack(row: Integration | undefined): SlackSettings {
  const s = (row?.settings ?? {}) as { channel?: string; teamName?: string };
  return { installed: Boolean(row?.access_token), channel: s.channel ?? null, teamName: s.teamName ?? null };
}

async function requireCrm(db: Kysely<DB>, teamId: string, service: CrmService) {
  const row = await repo.findIntegration(db, teamId, service);
  if (!row) throw new AppError('NOT_FOUND', INTEGRATION_MESSAGES.notConnected(label(service)));
  return row;
}

export async function getSettings(ctx: AppContext, actor: Actor, service: IntegrationService) {
  if (isCrmService(service)) return presentCrmSettings(await requireCrm(ctx.db, actor.teamId, service));
  const row = await repo.findIntegration(ctx.db, actor.teamId, service);
  return service === 'zapier' ? presentZapier(row) : presentSlack(row);
}

const parseBody = <T>(schema: z.ZodType<T>, body: unknown): T => {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'body';
  throw new AppError('VALIDATION_FAILED', issue.message, { field });
};

export async function updateSettings(ctx: AppContext, actor: Actor, service: IntegrationService, body: unknown) {
  if (isCrmService(service)) {
    const update = parseBody(CrmSettingsUpdate, body);
    const row = await requireCrm(ctx.db, actor.teamId, service);
    if (update.userForSyncId) {
      const members = await repo.findTeamMembersBrief(ctx.db, actor.teamId);
      if (!members.some((m) => m.user_id === update.userForSyncId)) throw new AppError('VALIDATION_FAILED', 'Choose a member of your team', { field: 'userForSyncId' });
    }
    const stored = crmStored(row);
    const settings = {
      ...stored,
      ...(update.autoPullEnabled !== undefined ? { autoPullEnabled: update.autoPullEnabled } : {}),
      ...(update.autoPushEnabled !== undefined ? { autoPushEnabled: update.autoPushEnabled } : {}),
      ...(update.profileType !== undefined && service === 'salesforce' ? { profileType: update.profileType } : {}),
    };
    await repo.updateIntegration(ctx.db, row.id, { settings, ...(update.userForSyncId !== undefined ? { userForSyncId: update.userForSyncId } : {}) });
    return presentCrmSettings((await repo.findIntegration(ctx.db, actor.teamId, service))!);
  }
  if (service === 'zapier') {
    const update = parseBody(ZapierSettingsUpdate, body);
    const row = await repo.findIntegration(ctx.db, actor.teamId, 'zapier');
    const current = presentZapier(row);
    const links = update.links
      ? dedupe(update.links.map((l) => l.link.trim())).map((link) => current.links.find((c) => c.link === link) ?? { id: crypto.randomUUID(), link })
      : current.links;
    const settings = { links, autoPushEnabled: update.options?.autoPushEnabled ?? current.options.autoPushEnabled };
    if (row) await repo.updateIntegration(ctx.db, row.id, { settings });
    else await repo.upsertIntegration(ctx.db, actor.teamId, 'zapier', { connectedBy: actor.userId, accountEmail: null, portalId: null, instanceUrl: null, accessToken: null, refreshToken: null, tokenExpiresAt: null, settings });
    return presentZapier((await repo.findIntegration(ctx.db, actor.teamId, 'zapier'))!);
  }
  const update = parseBody(SlackSettingsUpdate, body);
  const row = await repo.findIntegration(ctx.db, actor.teamId, 'slack');
  if (!row?.access_token) throw new AppError('CONFLICT', SLACK_MESSAGES.notInstalled);
  await repo.updateIntegration(ctx.db, row.id, { settings: { ...row.settings, channel: update.channel } });
  return presentSlack((await repo.findIntegration(ctx.db, actor.teamId, 'slack'))!);
}

const dedupe = (values: string[]) => [...new Set(values)];

export async function crmAuthData(ctx: AppContext, actor: Actor) {
  const crm = await repo.findTeamCrm(ctx.db, actor.teamId);
  return crm ? { crmName: crm.service as CrmService, email: crm.account_email, teamPortalId: crm.portal_id } : null;
}

export async function crmConnectionData(ctx: AppContext, actor: Actor) {
  const crm = await repo.findTeamCrm(ctx.db, actor.teamId);
  if (!crm) return { crmName: null, connectedMembers: [] };
  const members = await repo.findTeamMembersBrief(ctx.db, actor.teamId);
  const connected = members.filter((m) => m.user_id === crm.connected_by || m.user_id === crm.user_for_sync_id);
  return { crmName: crm.service as CrmService, connectedMembers: connected.map((m) => ({ userId: m.user_id, userName: m.name, email: m.email })) };
}

/* Zapier test trigger */

export const ZAPIER_SAMPLE = {
  test: true,
  firstName: 'Jane',
  lastName: 'Doe',
  fullName: 'Jane Doe',
  email: 'jane.doe@example.com',
  phone: '+1 555 0100',
  jobTitle: 'Head of Sales',
  companyName: 'Example Inc',
  companyDomain: 'example.com',
  linkedIn: 'linkedin.com/in/jane-doe-example',
  city: 'Austin',
  state: 'Texas',
  country: 'United States',
};

export async function zapierTestTrigger(ctx: AppContext, actor: Actor, vendors = integrationVendors(ctx)) {
  const links = zapierLinks(await repo.findIntegration(ctx.db, actor.teamId, 'zapier'));
  if (links.length === 0) throw new AppError('CONFLICT', ZAPIER_MESSAGES.noLinks);
  try {
    for (const { link } of links) await vendors.zapier().send(link, ZAPIER_SAMPLE);
  } catch (error) {
    throw new AppError('PROVIDER_UNAVAILABLE', error instanceof VendorError ? `${ZAPIER_MESSAGES.testFailed} (${error.message})` : ZAPIER_MESSAGES.testFailed, { cause: error });
  }
  return { sent: links.length };
}

/* Push and pull */

async function requirePushTarget(db: Kysely<DB>, teamId: string, service: PushService) {
  if (service === 'zapier') {
    if (zapierLinks(await repo.findIntegration(db, teamId, 'zapier')).length === 0) throw new AppError('CONFLICT', ZAPIER_MESSAGES.noLinks);
    return;
  }
  const row = await repo.findIntegration(db, teamId, service);
  if (!row) throw new AppError('CONFLICT', INTEGRATION_MESSAGES.notConnected(label(service)));
}

/**
 * Queues a push (spec §7): the lists named (`all_enriched_contacts` for every enriched contact),
 * search rows (people ids, copied to the team's contacts) and the team's own contacts. It needs
 * at least one of them to hold a contact (spec §5); another team's list or contact is a 404.
 */
export async function startPush(ctx: AppContext, actor: Actor, service: PushService, body: PushBody) {
  await requirePushTarget(ctx.db, actor.teamId, service);
  const allEnriched = body.listIds.includes(ALL_ENRICHED_CONTACTS);
  const listIds = body.listIds.filter((id) => id !== ALL_ENRICHED_CONTACTS);
  for (const id of listIds) {
    const list = isUuid(id) ? await lists.findList(ctx.db, actor.teamId, id) : undefined;
    if (!list || list.entity_type !== 'contactList') throw notFound('List');
  }
  const custom = body.customContactIds.filter(isUuid);
  if (custom.length !== body.customContactIds.length || (await findContactsByIds(ctx.db, actor.teamId, custom)).length !== new Set(custom).size) throw notFound('Contact');
  const personIds = body.contactIds.filter(isUuid);
  return ctx.db.transaction().execute(async (trx) => {
    const copies = await createFromPeople(trx, actor.teamId, personIds);
    if (copies.size !== new Set(personIds).size || personIds.length !== body.contactIds.length) throw notFound('Prospect');
    const target = { contactIds: [...custom, ...copies.values()], listIds, allEnriched };
    const total = await repo.countPushTargets(trx, actor.teamId, target);
    if (total === 0) throw new AppError('VALIDATION_FAILED', INTEGRATION_MESSAGES.pushNeedsSomething, { field: 'listIds' });
    const progress = await ProgressTracker.create(trx, { teamId: actor.teamId, userId: actor.userId, kind: `integrations.push.${service}`, total });
    const run = await repo.insertSyncRun(trx, { teamId: actor.teamId, userId: actor.userId, service, direction: 'push', params: target, progressId: progress.id });
    await sendSyncJob(ctx, trx, { id: run.id, direction: 'push' });
    return { jobId: progress.id, listId: null };
  });
}

/** Queues a pull of the team's CRM into its system list (manual, or the hourly auto-pull). */
export async function startPull(ctx: AppContext, teamId: string, userId: string | null, service: CrmService) {
  await requireCrm(ctx.db, teamId, service);
  return ctx.db.transaction().execute(async (trx) => {
    const progress = await ProgressTracker.create(trx, { teamId, userId, kind: `integrations.pull.${service}` });
    const run = await repo.insertSyncRun(trx, { teamId, userId, service, direction: 'pull', params: {}, progressId: progress.id });
    await sendSyncJob(ctx, trx, { id: run.id, direction: 'pull' });
    return { jobId: progress.id, listId: null };
  });
}

/**
 * Auto-push (CRM and Zapier settings): newly enriched contacts go out when it is on. Runs and
 * their jobs are written with `trx`, the transaction of the event delivery that asked for them.
 */
export async function queueAutoPush(ctx: AppContext, trx: Kysely<DB>, teamId: string, target: { contactIds?: string[]; enrichmentRunId?: string }) {
  const rows = await repo.findTeamIntegrations(trx, teamId);
  const services: Array<{ service: PushService; userId: string | null }> = [];
  for (const row of rows) {
    if (row.is_crm && crmStored(row).autoPushEnabled) services.push({ service: row.service as CrmService, userId: row.user_for_sync_id });
    if (row.service === 'zapier' && presentZapier(row).options.autoPushEnabled && zapierLinks(row).length > 0) services.push({ service: 'zapier', userId: row.connected_by });
  }
  for (const { service, userId } of services) {
    const params = { contactIds: target.contactIds ?? [], listIds: [], allEnriched: false, enrichmentRunId: target.enrichmentRunId ?? null };
    const progress = await ProgressTracker.create(trx, { teamId, userId, kind: `integrations.push.${service}` });
    const run = await repo.insertSyncRun(trx, { teamId, userId, service, direction: 'push', params, progressId: progress.id });
    await sendSyncJob(ctx, trx, { id: run.id, direction: 'push' });
  }
  return services.map((s) => s.service);
}

/* Sessions: current tokens, refreshed when they expire or are refused */

export function crmSession(ctx: AppContext, row: Integration, vendors: IntegrationVendors): CrmSession {
  const box = boxOf(ctx);
  const adapter = vendors.crm(row.service as CrmService);
  if (!adapter) throw unconfigured(row.service);
  let accessToken = row.access_token ? box.open(row.access_token) : '';
  let expiresAt = row.token_expires_at;
  const session: CrmSession = {
    instanceUrl: row.instance_url,
    portalId: row.portal_id,
    profileType: crmStored(row).profileType === 'contact' ? 'contact' : 'lead',
    async accessToken() {
      if (expiresAt && expiresAt.getTime() - Date.now() < 60_000) return session.refreshAccessToken();
      return accessToken;
    },
    async refreshAccessToken() {
      if (!row.refresh_token) throw new VendorAuthError(row.service, 'no refresh token');
      const tokens = await adapter.refresh(box.open(row.refresh_token));
      await repo.updateTokens(ctx.db, row.id, {
        accessToken: box.seal(tokens.accessToken),
        refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
        tokenExpiresAt: tokens.expiresAt,
        instanceUrl: tokens.instanceUrl ?? null,
      });
      accessToken = tokens.accessToken;
      expiresAt = tokens.expiresAt;
      if (tokens.instanceUrl) session.instanceUrl = tokens.instanceUrl;
      return accessToken;
    },
  };
  return session;
}

export { crmStored, zapierLinks, label as serviceLabel };
