import { AppError, notFound } from '@leadline/shared';
import { CAMPAIGN_TEMPLATE_MESSAGES, type CampaignStepInput, type CampaignTemplateCreateBody, type CampaignTemplateDto, type CampaignTemplateUpdateBody } from '@leadline/shared/campaigns/index';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { StoredTemplateStep } from '../../db/schema-campaign-templates.js';
import type { Actor } from '../../lib/actor.js';
import * as campaigns from './campaigns.repository.js';
import * as repo from './campaign-templates.repository.js';
import { BUILTIN_TEMPLATES } from './templates/builtin-templates.js';

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
const nameTaken = () => new AppError('CONFLICT', CAMPAIGN_TEMPLATE_MESSAGES.nameTaken, { field: 'name' });
const readOnly = () => new AppError('FORBIDDEN', CAMPAIGN_TEMPLATE_MESSAGES.builtInReadOnly);

const builtIns: CampaignTemplateDto[] = BUILTIN_TEMPLATES.map((t) => ({ ...t, builtIn: true, createdAt: null, createdBy: null }));

const stepDto = (s: StoredTemplateStep): CampaignTemplateDto['steps'][number] => ({
  type: s.type,
  delayDays: s.delayDays,
  businessDays: s.businessDays,
  ...(s.subject !== null ? { subject: s.subject } : {}),
  ...(s.body !== null ? { body: s.body } : {}),
  ...(s.variants?.length ? { variants: s.variants } : {}),
  newThread: s.newThread,
});

const present = (row: repo.TemplateRow): CampaignTemplateDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  builtIn: false,
  steps: row.steps.map(stepDto),
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by_name,
});

const stepOf = (s: CampaignStepInput): StoredTemplateStep => ({
  type: s.type,
  delayDays: s.delayDays,
  businessDays: s.businessDays,
  subject: s.subject ?? null,
  body: s.body ?? null,
  variants: s.variants?.length ? s.variants : null,
  newThread: s.newThread,
});

/** Built-in templates first (in their order), then the team's own, newest first. */
export async function listTemplates(db: Kysely<DB>, actor: Actor): Promise<CampaignTemplateDto[]> {
  return [...builtIns, ...(await repo.listTemplates(db, actor.teamId)).map(present)];
}

export async function getTemplate(db: Kysely<DB>, actor: Actor, id: string): Promise<CampaignTemplateDto> {
  const builtIn = builtIns.find((t) => t.id === id);
  if (builtIn) return builtIn;
  const row = id.startsWith('builtin-') ? undefined : await repo.findTemplate(db, actor.teamId, id);
  if (!row) throw notFound('Template');
  return present(row);
}

/** Saves steps as a template: those given, or a copy of one of the team's campaigns' steps. */
export async function createTemplate(db: Kysely<DB>, actor: Actor, body: CampaignTemplateCreateBody): Promise<CampaignTemplateDto> {
  let steps: StoredTemplateStep[];
  if (body.campaignId) {
    if (!(await campaigns.findCampaign(db, actor.teamId, body.campaignId))) throw notFound('Campaign');
    steps = (await campaigns.findSteps(db, body.campaignId)).map((s) => ({
      type: s.type,
      delayDays: s.delay_days,
      businessDays: s.business_days,
      subject: s.subject,
      body: s.body,
      variants: s.variants,
      newThread: s.new_thread,
    }));
  } else steps = (body.steps ?? []).map(stepOf);
  if (await repo.nameTaken(db, actor.teamId, body.name)) throw nameTaken();
  try {
    const { id } = await repo.insertTemplate(db, { teamId: actor.teamId, userId: actor.userId, name: body.name, description: body.description || null, steps });
    return getTemplate(db, actor, id);
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

/** Renames one of the team's templates, and rewrites its steps when they are given. */
export async function updateTemplate(db: Kysely<DB>, actor: Actor, id: string, body: CampaignTemplateUpdateBody): Promise<CampaignTemplateDto> {
  if (id.startsWith('builtin-')) throw builtIns.some((t) => t.id === id) ? readOnly() : notFound('Template');
  if (await repo.nameTaken(db, actor.teamId, body.name, id)) throw nameTaken();
  try {
    const values = { name: body.name, description: body.description, ...(body.steps ? { steps: body.steps.map(stepOf) } : {}) };
    if (!(await repo.updateTemplate(db, actor.teamId, id, values))) throw notFound('Template');
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
  return getTemplate(db, actor, id);
}

export async function deleteTemplate(db: Kysely<DB>, actor: Actor, id: string): Promise<{ id: string }> {
  if (id.startsWith('builtin-')) throw builtIns.some((t) => t.id === id) ? readOnly() : notFound('Template');
  const row = await repo.deleteTemplate(db, actor.teamId, id);
  if (!row) throw notFound('Template');
  return { id: row.id };
}
