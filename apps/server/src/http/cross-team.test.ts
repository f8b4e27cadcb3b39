import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProgressTracker } from '../features/progress/progress.service.js';
import { createMember, createOwner, createPeople, uploadFile, type TestUser } from '../test/factories.js';
import { createTestApp, testConfig, type TestApp } from '../test/test-app.js';
import { startChatCompletionsServer } from '../test/vendors/chat-completions-server.js';
import { startDovecot, type Dovecot } from '../test/mail/dovecot.js';
import { deliverRaw, generateMessage } from '../test/mail/maildir.js';
import { connectSyncedMailbox } from '../test/mail/synced-mailbox.js';

/**
 * Every route that takes an id is called by another team's owner with a real id of ours, and must
 * answer 404 (or, where the route's contract is to skip ids that are not the team's, change and
 * reveal nothing of ours). The ids a route takes are read from the registered routes' schemas
 * (OpenAPI document): a route or field that takes an id and has no case here fails the test.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Request = { url: string; payload?: unknown };

/** Our team's resources, made fresh for each case (a case's own call may delete or change them). */
type Ours = {
  listId: string;
  dynamicListId: string;
  companyListId: string;
  contactId: string;
  customContactId: string;
  fileId: string;
  companyFileId: string;
  enrichFileId: string;
  jobId: string;
  invitationId: string;
  inviteToken: string;
  invitee: TestUser;
  contactName: string;
  contactEmail: string;
  userId: string;
  apiKeyId: string;
  memberId: string;
  mailAccountId: string;
  mailMessageId: string;
  campaignId: string;
  /** A lead of a second campaign of ours, launched so that it has leads. */
  launchedCampaignId: string;
  campaignLeadId: string;
  profileId: string;
  agentId: string;
  agentRunId: string;
  templateId: string;
  conversationId: string;
  actionId: string;
};
/** A team's own resources that a request names besides the id under test. */
type Theirs = { listId: string; companyListId: string; fileId: string; companyFileId: string; customContactId: string; inviteToken: string };

type Case = {
  /** `body.x`, `body.a[].b`, `path.id`, `query.id`: the id fields this case gives one of ours. */
  fields: string[];
  /** `mine`: the caller's own resources, for the fields not under test. */
  request: (ours: Ours, mine: Theirs) => Request;
  /** The request with only our ids, as our owner (or `ownCaller`), must succeed: the ids are real. */
  ownCaller?: (ours: Ours) => TestUser;
  /** Our own call's status when the id is real but the state refuses the action (409): anything but 404. */
  ownStatus?: number;
  /** Set when the route skips ids that are not the team's: checks the other team's answer reveals and changes nothing. */
  skipsForeignIds?: (answer: { statusCode: number; body: string }, ours: Ours) => Promise<void> | void;
};

/** Ids of the shared prospect database (people), not a team's: any team may name them. */
const SHARED_DATABASE_IDS: Record<string, string[]> = {
  'POST /api/v1/contacts': ['body._id'],
  'POST /api/v1/contacts/bulk': ['body[]._id'],
  'POST /api/v1/prospects-enrichment/single': ['body.input.contactId'],
  'POST /api/v1/prospects-enrichment/bulk': ['body.inputs[].contactId'],
  'POST /api/v1/integrations/{service}/data/push': ['body.contactIds'],
  // A name from a fixed list of enrichment preferences (shared constants), not a stored row.
  'PUT /userInfo': ['body.enrichmentPreferenceId'],
  // A tour's name from a fixed list (shared constants), recorded for the caller only.
  'POST /api/v1/onboarding/tours': ['query.tourId'],
  // Stripe's payment-method ids, not our rows: billing.test.ts checks against the loopback Stripe
  // that another team's card answers 404 for both routes.
  'POST /billing/setPaymentMethodAsDefault': ['body.cardId'],
  'DELETE /billing/removePaymentMethod': ['body.cardId'],
};

const PERSON = { id: 'xteam-ann', full_name: 'ann cross', job_title: 'vp of sales', job_company_name: 'acme', location_country: 'united states' };
const PEOPLE_CSV = 'Full Name,Job Title,Job Level,Department,Company,Email,Phone,Company Domain,Country,City,LinkedIn URL\nJane Roe,CEO,,,Roe Inc,jane@roe.test,,roe.test,,,\n';
const COMPANIES_CSV = 'Company Names\nAcme\n';
/** The secret of an invitation link `…/invite/{token}`, as the inviter passes it on. */
const tokenOf = (inviteUrl: string) => inviteUrl.split('/invite/')[1]!;
const ENRICH_CSV = 'Name,Company,Location\nJane Roe,Roe Inc,Austin\n';

const mailListSkips = (answer: { statusCode: number; body: string }) => {
  expect(answer.statusCode).toBe(200);
  expect(JSON.parse(answer.body).data.pagination.totalRecords).toBe(0);
};

const CASES: Record<string, Case[]> = {
  'GET /api/v1/mail/gmail/{category}': [
    { fields: ['query.mailBoxAccount'], request: (o) => ({ url: `/api/v1/mail/gmail/all?mailBoxAccount=${o.mailAccountId}` }), skipsForeignIds: mailListSkips },
  ],
  'GET /api/v1/mail/gmail/thread/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/mail/gmail/thread/${o.mailMessageId}` }) }],
  'GET /api/v1/mail/gmail/message/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/mail/gmail/message/${o.mailMessageId}` }) }],
  'GET /api/v1/mail/gmail/message/{id}/document': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/mail/gmail/message/${o.mailMessageId}/document` }) }],
  'GET /api/v1/mail/gmail/message/{id}/attachments/{index}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/mail/gmail/message/${o.mailMessageId}/attachments/0` }) }],
  'POST /api/v1/inbox/{emailType}/{action}': [{ fields: ['body._id'], request: (o) => ({ url: '/api/v1/inbox/imap/markAsFavorite', payload: { _id: o.mailMessageId, isFavorite: true } }) }],
  'POST /api/v1/inbox/gmail/updateTags': [{ fields: ['body._id'], request: (o) => ({ url: '/api/v1/inbox/gmail/updateTags', payload: { _id: o.mailMessageId, tags: ['ours'] } }) }],
  'PATCH /api/v1/team-management/invitations': [
    {
      // The other team holds a real link of its own invitation: it does not open ours.
      fields: ['body.invitationId'],
      request: (o, m) => ({ url: '/api/v1/team-management/invitations', payload: { invitationId: o.invitationId, action: 'reject', token: m.inviteToken } }),
      ownCaller: (o) => o.invitee,
    },
  ],
  'GET /api/v1/lists/getAll': [
    {
      fields: ['query.createdBy'],
      request: (o) => ({ url: `/api/v1/lists/getAll?createdBy=${o.userId}` }),
      skipsForeignIds: (answer) => {
        expect(answer.statusCode).toBe(200);
        expect(JSON.stringify(JSON.parse(answer.body).data)).not.toMatch(/Ours/);
      },
    },
  ],
  'PATCH /api/v1/team-management/members/update': [
    { fields: ['body.memberId'], request: (o) => ({ url: '/api/v1/team-management/members/update', payload: { memberId: o.memberId, role: 'admin' } }) },
  ],
  'PATCH /api/v1/team-management/members/remove': [
    { fields: ['body.memberId'], request: (o) => ({ url: '/api/v1/team-management/members/remove', payload: { memberId: o.memberId } }) },
  ],
  'DELETE /api/v1/api_keys/delete': [{ fields: ['query.id'], request: (o) => ({ url: `/api/v1/api_keys/delete?id=${o.apiKeyId}` }) }],
  'GET /api/v1/jobs/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/jobs/${o.jobId}` }) }],
  'POST /api/v1/lists/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/lists/${o.listId}`, payload: {} }) }],
  'DELETE /api/v1/lists/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/lists/${o.listId}` }) }],
  'POST /api/v1/lists/{id}/refresh': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/lists/${o.dynamicListId}/refresh` }) }],
  'GET /api/v1/lists/download/{listId}': [{ fields: ['path.listId'], request: (o) => ({ url: `/api/v1/lists/download/${o.listId}` }) }],
  'PATCH /api/v1/lists/addContacts/{listId}': [
    { fields: ['path.listId'], request: (o, t) => ({ url: `/api/v1/lists/addContacts/${o.listId}`, payload: { customContacts: [t.customContactId] } }) },
    {
      fields: ['body.contacts', 'body.customContacts', 'body.companies'],
      request: (o, t) => ({ url: `/api/v1/lists/addContacts/${t.listId}`, payload: { contacts: [o.contactId], customContacts: [o.customContactId], companies: [] } }),
      skipsForeignIds: (answer) => {
        expect(answer.statusCode).toBe(200);
        expect(JSON.parse(answer.body).data.changed).toBe(0);
      },
    },
  ],
  'PATCH /api/v1/lists/removeContacts/{id}': [
    { fields: ['path.id'], request: (o, t) => ({ url: `/api/v1/lists/removeContacts/${o.listId}`, payload: { customContacts: [t.customContactId] } }) },
    {
      fields: ['body.contacts', 'body.customContacts', 'body.companies'],
      request: (o, t) => ({ url: `/api/v1/lists/removeContacts/${t.listId}`, payload: { contacts: [o.contactId], customContacts: [o.customContactId], companies: [] } }),
      skipsForeignIds: async (answer, o) => {
        expect(answer.statusCode).toBe(200);
        expect(JSON.parse(answer.body).data.changed).toBe(0);
        const ours = await t.ctx.db.selectFrom('list_contacts').select('contact_id').where('list_id', '=', o.listId).execute();
        expect(ours.map((r) => r.contact_id).sort()).toEqual([o.contactId, o.customContactId].sort());
      },
    },
  ],
  'PATCH /api/v1/contacts/enrichedDataByContactId/{contactId}': [
    { fields: ['path.contactId'], request: (o) => ({ url: `/api/v1/contacts/enrichedDataByContactId/${o.customContactId}?isCustom=true`, payload: { primaryEmail: o.contactEmail } }) },
  ],
  'POST /api/v1/contacts/download': [
    {
      fields: ['body.contacts', 'body.customContacts'],
      request: (o) => ({ url: '/api/v1/contacts/download', payload: { contacts: [o.contactId], customContacts: [o.customContactId] } }),
      skipsForeignIds: (answer, o) => {
        expect(answer.statusCode).toBe(200);
        expect(answer.body.split('\n').filter((line) => line.trim() !== '')).toHaveLength(1); // the header only
        expect(answer.body.toLowerCase()).not.toContain(o.contactName.toLowerCase());
      },
    },
  ],
  'POST /api/v1/prospects/upload-to-list': [
    { fields: ['body.attachedFileInfo._id'], request: (o) => ({ url: '/api/v1/prospects/upload-to-list', payload: { attachedFileInfo: { _id: o.fileId }, listTitle: 'Cross' } }) },
    { fields: ['body.existingListId'], request: (o, t) => ({ url: '/api/v1/prospects/upload-to-list', payload: { attachedFileInfo: { _id: t.fileId }, existingListId: o.listId } }) },
  ],
  'POST /api/v1/lists/companies/upload': [
    { fields: ['body.attachedFileInfo._id'], request: (o) => ({ url: '/api/v1/lists/companies/upload', payload: { attachedFileInfo: { _id: o.companyFileId }, listTitle: 'Cross' } }) },
    { fields: ['body.existingListId'], request: (o, t) => ({ url: '/api/v1/lists/companies/upload', payload: { attachedFileInfo: { _id: t.companyFileId }, existingListId: o.companyListId } }) },
  ],
  'PATCH /api/v1/lists/addSearchCompanies/{listId}': [
    { fields: ['path.listId'], request: (o) => ({ url: `/api/v1/lists/addSearchCompanies/${o.companyListId}`, payload: { filters: {}, limit: 1 } }) },
  ],
  'POST /api/v1/prospects-enrichment/single': [
    { fields: ['body.input.customContactId'], request: (o) => ({ url: '/api/v1/prospects-enrichment/single', payload: { enrichType: 'phone', input: { customContactId: o.customContactId } } }) },
  ],
  'POST /api/v1/prospects-enrichment/bulk': [
    { fields: ['body.inputs[].customContactId'], request: (o) => ({ url: '/api/v1/prospects-enrichment/bulk', payload: { enrichType: 'phone', inputs: [{ customContactId: o.customContactId }], newListTitle: 'Cross' } }) },
    {
      fields: ['body.inputsSource.attachedFileInfo._id'],
      request: (o) => ({ url: '/api/v1/prospects-enrichment/bulk', payload: { enrichType: 'phone', inputsSource: { type: 'file', attachedFileInfo: { _id: o.enrichFileId } }, newListTitle: 'Cross' } }),
    },
    {
      fields: ['body.inputsSource.targetListId'],
      request: (o) => ({ url: '/api/v1/prospects-enrichment/bulk', payload: { enrichType: 'phone', inputsSource: { type: 'list', targetListId: o.listId, limit: 10 }, newListTitle: 'Cross' } }),
    },
    {
      fields: ['body.existingListId'],
      request: (o, t) => ({ url: '/api/v1/prospects-enrichment/bulk', payload: { enrichType: 'phone', inputs: [{ customContactId: t.customContactId }], existingListId: o.listId } }),
    },
  ],
  'POST /api/v1/email-verification/single': [
    { fields: ['body.contactId'], request: (o) => ({ url: '/api/v1/email-verification/single', payload: { contactId: o.customContactId } }) },
  ],
  'POST /api/v1/email-verification/bulk': [{ fields: ['body.listId'], request: (o) => ({ url: '/api/v1/email-verification/bulk', payload: { listId: o.listId } }) }],
  'POST /api/v1/integrations/{service}/data/push': [
    { fields: ['body.listIds'], request: (o) => ({ url: '/api/v1/integrations/zapier/data/push', payload: { listIds: [o.listId] } }) },
    { fields: ['body.customContactIds'], request: (o) => ({ url: '/api/v1/integrations/zapier/data/push', payload: { customContactIds: [o.customContactId] } }) },
  ],
  'GET /knowledge-hub/profile/{profileId}': [{ fields: ['path.profileId'], request: (o) => ({ url: `/knowledge-hub/profile/${o.profileId}` }) }],
  'POST /knowledge-hub/create-profile-state-machine': [
    {
      // The profile is always the caller's own: another user's id in the body is ignored.
      fields: ['body.userId'],
      request: (o) => ({ url: '/knowledge-hub/create-profile-state-machine', payload: { userId: o.userId, profileName: 'Cross', rootUrls: [{ url: 'https://cross.example', includeSubPages: false, isCompetitor: false }] } }),
      skipsForeignIds: async (answer, o) => {
        expect(answer.statusCode).toBeLessThan(300);
        expect(JSON.parse(answer.body).data.userId).toBe(other.userId);
        const ourProfiles = await t.ctx.db.selectFrom('knowledge_profiles').select('profile_name').where('user_id', '=', o.userId).execute();
        expect(ourProfiles.map((p) => p.profile_name)).not.toContain('Cross');
      },
    },
  ],
  'PATCH /knowledge-hub/profile': [{ fields: ['body.profileId'], request: (o) => ({ url: '/knowledge-hub/profile', payload: { profileId: o.profileId, profileName: 'Renamed' } }) }],
  'DELETE /knowledge-hub/profile/content': [{ fields: ['body.profileId'], request: (o) => ({ url: '/knowledge-hub/profile/content', payload: { profileId: o.profileId, url: 'https://ours.example' } }) }],
  'POST /knowledge-hub/delete-profile-vs-id': [{ fields: ['body.profileId'], request: (o) => ({ url: '/knowledge-hub/delete-profile-vs-id', payload: { profileId: o.profileId } }) }],
  'POST /knowledge-hub/set-default-kh-profile': [{ fields: ['body.profileId'], request: (o) => ({ url: '/knowledge-hub/set-default-kh-profile', payload: { profileId: o.profileId } }) }],
  'POST /knowledge-hub/generate-email-reply': [
    { fields: ['body.emailId'], request: (o) => ({ url: '/knowledge-hub/generate-email-reply', payload: { emailId: o.mailMessageId } }) },
    { fields: ['body.profileId'], request: (o, m) => ({ url: '/knowledge-hub/generate-email-reply', payload: { emailId: m === o ? o.mailMessageId : theirMail, profileId: o.profileId } }) },
  ],
  'POST /knowledge-hub/generate-email-from-subject-line': [
    { fields: ['body.profileId'], request: (o) => ({ url: '/knowledge-hub/generate-email-from-subject-line', payload: { subject: 'Pricing', profileId: o.profileId } }) },
  ],
  'POST /knowledge-hub/generate-email-thread-summary': [
    { fields: ['body.emailId'], request: (o) => ({ url: '/knowledge-hub/generate-email-thread-summary', payload: { emailId: o.mailMessageId } }) },
  ],
  'POST /knowledge-hub/generate-linkedin-reply': [
    { fields: ['body.profileId'], request: (o) => ({ url: '/knowledge-hub/generate-linkedin-reply', payload: { messages: [{ sender: 'Sam', text: 'Hello' }], profileId: o.profileId } }) },
  ],
  'GET /api/v1/sales-gpt/conversations/{conversationId}': [{ fields: ['path.conversationId'], request: (o) => ({ url: `/api/v1/sales-gpt/conversations/${o.conversationId}` }) }],
  'PATCH /api/v1/sales-gpt/conversations/{conversationId}': [{ fields: ['path.conversationId'], request: (o) => ({ url: `/api/v1/sales-gpt/conversations/${o.conversationId}`, payload: { title: 'Renamed' } }) }],
  'DELETE /api/v1/sales-gpt/conversations/{conversationId}': [{ fields: ['path.conversationId'], request: (o) => ({ url: `/api/v1/sales-gpt/conversations/${o.conversationId}` }) }],
  'POST /api/v1/sales-gpt/conversations/{conversationId}/messages': [
    { fields: ['path.conversationId'], request: (o) => ({ url: `/api/v1/sales-gpt/conversations/${o.conversationId}/messages`, payload: { content: 'Hello' } }) },
  ],
  'POST /api/v1/sales-gpt/conversations/{conversationId}/confirm': [
    { fields: ['path.conversationId'], request: (o) => ({ url: `/api/v1/sales-gpt/conversations/${o.conversationId}/confirm`, payload: { actionId: o.actionId, approve: false } }) },
    { fields: ['body.actionId'], request: (o, m) => ({ url: `/api/v1/sales-gpt/conversations/${m === o ? o.conversationId : theirConversation}/confirm`, payload: { actionId: o.actionId, approve: false } }) },
  ],
  'POST /api/v1/campaigns': [{ fields: ['body.listIds'], request: (o) => ({ url: '/api/v1/campaigns', payload: campaignDraft(o.listId, 'Cross') }) }],
  'GET /api/v1/campaigns/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}` }) }],
  'PATCH /api/v1/campaigns/{id}': [
    { fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}`, payload: { name: 'Renamed' } }) },
    { fields: ['body.listIds'], request: (o, m) => ({ url: `/api/v1/campaigns/${m === o ? o.campaignId : theirCampaign}`, payload: { listIds: [o.listId] } }) },
  ],
  'DELETE /api/v1/campaigns/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}` }) }],
  'POST /api/v1/campaigns/{id}/launch': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/launch` }) }],
  'POST /api/v1/campaigns/{id}/pause': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/pause` }), ownStatus: 409 }],
  'POST /api/v1/campaigns/{id}/resume': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/resume` }), ownStatus: 409 }],
  'POST /api/v1/campaigns/{id}/archive': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/archive` }) }],
  'POST /api/v1/campaigns/{id}/duplicate': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/duplicate` }) }],
  'GET /api/v1/campaigns/{id}/leads': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/leads` }) }],
  'GET /api/v1/campaigns/{id}/tasks': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/tasks` }) }],
  // A draft has no leads yet: our own call names a real contact and is refused for its state.
  'POST /api/v1/campaigns/{id}/tasks/done': [
    { fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/tasks/done`, payload: { contactId: o.contactId, stepIndex: 0 } }), ownStatus: 409 },
    { fields: ['body.contactId'], request: (o, m) => ({ url: `/api/v1/campaigns/${m === o ? o.campaignId : theirCampaign}/tasks/done`, payload: { contactId: o.contactId, stepIndex: 0 } }), ownStatus: 409 },
  ],
  'POST /api/v1/campaigns/{id}/interested': [
    { fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/interested`, payload: { contactId: o.contactId } }), ownStatus: 409 },
    { fields: ['body.contactId'], request: (o, m) => ({ url: `/api/v1/campaigns/${m === o ? o.campaignId : theirCampaign}/interested`, payload: { contactId: o.contactId } }), ownStatus: 409 },
  ],
  'POST /api/v1/campaigns/{id}/preview': [
    { fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.campaignId}/preview`, payload: { stepIndex: 0 } }) },
    { fields: ['body.contactId'], request: (o, m) => ({ url: `/api/v1/campaigns/${m === o ? o.campaignId : theirCampaign}/preview`, payload: { stepIndex: 0, contactId: o.customContactId } }) },
  ],
  'POST /api/v1/campaigns/generate': [
    { fields: ['body.listIds'], request: (o) => ({ url: '/api/v1/campaigns/generate', payload: { context: 'Cross', emails: 1, listIds: [o.listId] } }) },
    { fields: ['body.profileId'], request: (o) => ({ url: '/api/v1/campaigns/generate', payload: { context: 'Cross', emails: 1, profileId: o.profileId } }) },
  ],
  'POST /api/v1/agents': [
    { fields: ['body.listId'], request: (o) => ({ url: '/api/v1/agents', payload: { kind: 'research', name: 'Cross', instructions: 'Q?', listId: o.listId, schedule: 'manual' } }) },
    { fields: ['body.profileId'], request: (o, m) => ({ url: '/api/v1/agents', payload: { kind: 'research', name: 'Cross', instructions: 'Q?', listId: m.listId, profileId: o.profileId, schedule: 'manual' } }) },
  ],
  'GET /api/v1/agents/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/agents/${o.agentId}` }) }],
  'PATCH /api/v1/agents/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/agents/${o.agentId}`, payload: { name: 'Renamed' } }) }],
  'DELETE /api/v1/agents/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/agents/${o.agentId}` }) }],
  'POST /api/v1/agents/{id}/pause': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/agents/${o.agentId}/pause` }) }],
  'POST /api/v1/agents/{id}/resume': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/agents/${o.agentId}/resume` }) }],
  // Ours has a run queued already: our own "Run now" is refused with 409, theirs finds nothing.
  'POST /api/v1/agents/{id}/run': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/agents/${o.agentId}/run` }), ownStatus: 409 }],
  'GET /api/v1/agents/{id}/runs': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/agents/${o.agentId}/runs` }) }],
  'GET /api/v1/agents/{id}/runs/{runId}': [
    { fields: ['path.id'], request: (o) => ({ url: `/api/v1/agents/${o.agentId}/runs/${o.agentRunId}` }) },
    { fields: ['path.runId'], request: (o, m) => ({ url: `/api/v1/agents/${m === o ? o.agentId : theirAgent}/runs/${o.agentRunId}` }) },
  ],
  'GET /api/v1/campaigns/{id}/export': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.launchedCampaignId}/export` }) }],
  'GET /api/v1/campaigns/{id}/leads/{leadId}/timeline': [
    { fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaigns/${o.launchedCampaignId}/leads/${o.campaignLeadId}/timeline` }) },
    { fields: ['path.leadId'], request: (o, m) => ({ url: `/api/v1/campaigns/${m === o ? o.launchedCampaignId : theirCampaign}/leads/${o.campaignLeadId}/timeline` }) },
  ],
  'POST /api/v1/campaign-templates': [{ fields: ['body.campaignId'], request: (o) => ({ url: '/api/v1/campaign-templates', payload: { name: `Copy of ${o.campaignId}`, campaignId: o.campaignId } }) }],
  'GET /api/v1/campaign-templates/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaign-templates/${o.templateId}` }) }],
  'PATCH /api/v1/campaign-templates/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaign-templates/${o.templateId}`, payload: { name: `Renamed ${o.templateId}` } }) }],
  'DELETE /api/v1/campaign-templates/{id}': [{ fields: ['path.id'], request: (o) => ({ url: `/api/v1/campaign-templates/${o.templateId}` }) }],
};

const ID_NAME = /^(_id|id|[a-z][A-Za-z]*Ids?)$/;

type JsonSchema = { format?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[] };

/** The id fields of a JSON schema, as `at.name` paths with `[]` for array items. */
function idFieldsOf(schema: JsonSchema | undefined, at: string, name = ''): string[] {
  if (!schema) return [];
  const found = schema.format === 'uuid' || ID_NAME.test(name) ? [at.replace(/\[\]$/, '')] : [];
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) found.push(...idFieldsOf(part, at, name));
  if (schema.items) found.push(...idFieldsOf(schema.items, `${at}[]`, name));
  for (const [key, value] of Object.entries(schema.properties ?? {})) found.push(...idFieldsOf(value, `${at}.${key}`, key));
  return found;
}

type Operation = { parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

/** Every registered route that takes an id, with the id fields it takes. */
function routesTakingIds(): Map<string, string[]> {
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
  const routes = new Map<string, string[]>();
  for (const [url, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const fields = new Set<string>();
      for (const parameter of operation.parameters ?? []) {
        for (const field of idFieldsOf(parameter.schema, `${parameter.in}.${parameter.name}`, parameter.name)) fields.add(field);
      }
      for (const content of Object.values(operation.requestBody?.content ?? {})) {
        for (const field of idFieldsOf(content.schema, 'body')) fields.add(field);
      }
      if (fields.size > 0) routes.set(`${method.toUpperCase()} ${url}`, [...fields].sort());
    }
  }
  return routes;
}

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let personId: string;
let theirs: Theirs;

const call = (user: TestUser, method: Method, request: Request) =>
  t.app.inject({ method, url: request.url, headers: { cookie: user.cookie }, ...(request.payload !== undefined ? { payload: request.payload as InjectOptions['payload'] } : {}) });

async function ok(user: TestUser, method: Method, request: Request) {
  const response = await call(user, method, request);
  expect(response.statusCode, `${method} ${request.url}: ${response.body}`).toBeLessThan(300);
  return response.json().data;
}

async function createList(user: TestUser, body: Record<string, unknown>): Promise<string> {
  return (await ok(user, 'POST', { url: '/api/v1/lists', payload: body }))._id;
}

const emailOf = (fullName: string) => `${fullName.replace(' ', '.').toLowerCase()}@ours.test`;

async function customContact(user: TestUser, fullName: string): Promise<string> {
  return (await ok(user, 'POST', { url: '/api/v1/contacts', payload: { fullName, companyName: 'Ours Inc', email: emailOf(fullName) } }))._id;
}

/** A draft campaign of one email step from `ours@example.test` to a list. */
const campaignDraft = (listId: string, name: string, mailbox = MAILBOX.email) => ({
  name,
  listIds: [listId],
  mailboxes: [mailbox],
  schedule: { timezone: 'UTC', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
  dailyLimit: 10,
  steps: [{ type: 'email', delayDays: 0, subject: 'Hello {{firstName|there}}', body: 'A short note.' }],
});
/** The other team's own campaign and mail message, for cases whose field under test is a second id. */
let theirCampaign: string;
let theirAgent: string;
let theirMail: string;
let theirConversation: string;

let made = 0;
async function createOurs(): Promise<Ours> {
  made += 1;
  const contactName = `Olga Ours${made}`;
  const listId = await createList(owner, { name: `Ours ${made}` });
  const [person] = (await ok(owner, 'POST', { url: '/api/v1/contacts/bulk', payload: [{ _id: personId }] })).contacts;
  const customContactId = await customContact(owner, contactName);
  await ok(owner, 'PATCH', { url: `/api/v1/lists/addContacts/${listId}`, payload: { contacts: [person._id], customContacts: [customContactId] } });
  await ok(owner, 'PUT', { url: '/api/v1/integrations/zapier/settings', payload: { links: [{ link: 'https://hooks.zapier.com/hooks/catch/1/ours/' }] } });
  const inviteeEmail = `invitee${made}-${Date.now()}@ours.test`;
  const [invited] = await ok(owner, 'POST', { url: '/api/v1/team-management/invitations', payload: { members: [{ name: 'Ivy Invitee', email: inviteeEmail }] } });
  const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Ivy Invitee', email: inviteeEmail, password: 'longenough', companyName: 'Ivy Co' } });
  expect(signup.statusCode, signup.body).toBe(201);
  const invitee: TestUser = { ...signup.json().data, cookie: String(signup.headers['set-cookie']).split(';')[0]! };
  const [invitation] = await ok(invitee, 'GET', { url: '/api/v1/team-management/invitations' });
  const job = await ProgressTracker.create(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, kind: 'test' });
  return {
    listId,
    dynamicListId: await createList(owner, { name: `Ours dynamic ${made}`, isDynamic: true, filters: { job_title_role: [{ label: 'Sales', value: 'sales', status: 'include' }] } }),
    companyListId: await createList(owner, { name: `Ours companies ${made}`, entityType: 'companyList' }),
    contactId: person._id,
    customContactId,
    fileId: await uploadFile(t.app, owner, 'people.csv', PEOPLE_CSV),
    companyFileId: await uploadFile(t.app, owner, 'companies.csv', COMPANIES_CSV),
    enrichFileId: await uploadFile(t.app, owner, 'enrich.csv', ENRICH_CSV),
    jobId: job.id,
    userId: owner.userId,
    invitationId: invitation._id,
    inviteToken: tokenOf(invited.inviteUrl),
    invitee,
    contactName,
    contactEmail: emailOf(contactName),
    apiKeyId: (await ok(owner, 'POST', { url: '/api/v1/api_keys/create' }))._id,
    memberId: await memberRowOf(await createMember(t.ctx.db, owner, 'MEMBER')),
    ...ourMail,
    campaignId: (await ok(owner, 'POST', { url: '/api/v1/campaigns', payload: campaignDraft(listId, `Ours ${made}`) })).id,
    ...(await launchedCampaign(listId)),
    profileId: (
      await ok(owner, 'POST', {
        url: '/knowledge-hub/create-profile-state-machine',
        payload: { profileName: `Ours ${made}`, rootUrls: [{ url: 'https://ours.example', includeSubPages: false, isCompetitor: false }] },
      })
    )._id,
    ...(await ourAgent(listId)),
    ...(await pendingSalesGptAction()),
    templateId: (await ok(owner, 'POST', { url: '/api/v1/campaign-templates', payload: { name: `Ours ${made}`, steps: campaignDraft(listId, 'x').steps } })).id,
  };
}

async function ourAgent(listId: string) {
  const agent = await ok(owner, 'POST', { url: '/api/v1/agents', payload: { kind: 'research', name: 'Ours', instructions: 'Q?', listId, schedule: 'manual' } });
  const run = await ok(owner, 'POST', { url: `/api/v1/agents/${agent.id}/run` });
  return { agentId: agent.id as string, agentRunId: run.id as string };
}

/** A campaign of ours launched on the list, and one of its leads. */
async function launchedCampaign(listId: string) {
  const launchedCampaignId = (await ok(owner, 'POST', { url: '/api/v1/campaigns', payload: campaignDraft(listId, `Ours launched ${made}`) })).id;
  await ok(owner, 'POST', { url: `/api/v1/campaigns/${launchedCampaignId}/launch` });
  const [lead] = (await call(owner, 'GET', { url: `/api/v1/campaigns/${launchedCampaignId}/leads` })).json().data;
  return { launchedCampaignId, campaignLeadId: lead.id as string };
}

/** One of our owner's SalesGPT conversations with an action waiting for a yes, as a model's tool call leaves it. */
async function pendingSalesGptAction() {
  const conversationId = (await ok(owner, 'POST', { url: '/api/v1/sales-gpt/conversations', payload: {} })).id as string;
  const action = await t.ctx.db
    .insertInto('sales_gpt_messages')
    .values({ conversation_id: conversationId, role: 'tool', tool_call_id: 'call_0', tool_name: 'count_people', tool_args: JSON.stringify({ filters: {} }), action_status: 'pending', action_summary: 'Count people' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { conversationId, actionId: action.id };
}

const memberRowOf = async (user: TestUser) =>
  (await t.ctx.db.selectFrom('team_members').select('id').where('user_id', '=', user.userId).where('team_id', '=', user.teamId).executeTakeFirstOrThrow()).id;

let dovecot: Dovecot;
let ourMail: { mailAccountId: string; mailMessageId: string };
const MAILBOX = { email: 'ours@example.test', password: 'ours-secret' };
const THEIR_MAILBOX = { email: 'theirs@example.test', password: 'theirs-secret' };
let chat: Awaited<ReturnType<typeof startChatCompletionsServer>>;

beforeAll(async () => {
  // The mail routes' own calls reach a real IMAP server on loopback.
  // The AI routes answer from a loopback chat-completions server, so our own calls succeed.
  chat = await startChatCompletionsServer({
    fallback: (r) =>
      r.body?.response_format?.json_schema?.name === 'campaign_sequence'
        ? { kind: 'message', content: JSON.stringify({ emails: [{ subject: 'Hello', body: 'Hello there', delayDays: 0 }] }) }
        : { kind: 'message', content: 'A short answer.' },
  });
  [t, dovecot] = await Promise.all([
    createTestApp({ config: { outboundAllowPrivate: true, ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'test-model', maxRetries: 0 } } }),
    startDovecot([MAILBOX, THEIR_MAILBOX]),
  ]);
  owner = await createOwner(t.ctx.db, { domain: 'ours.test' });
  const attachment = 'Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nours\r\n--b\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=a.txt\r\n\r\nattached\r\n--b--';
  deliverRaw(dovecot, MAILBOX.email, generateMessage({ from: 'a@outside.test', to: MAILBOX.email, subject: 'Ours', text: '' }).raw.replace('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n', attachment));
  const mailbox = await connectSyncedMailbox(t, owner, dovecot, MAILBOX);
  ourMail = { mailAccountId: mailbox.accountId, mailMessageId: mailbox.messageIds[0]! };
  other = await createOwner(t.ctx.db, { domain: 'theirs.test' });
  personId = (await createPeople(t.ctx.db, [PERSON]))[PERSON.id]!;
  await t.ctx.db.insertInto('companies').values({ name: 'Acme' }).execute();
  const theirContact = await customContact(other, 'Theo Theirs');
  theirs = {
    listId: await createList(other, { name: 'Theirs' }),
    companyListId: await createList(other, { name: 'Their companies', entityType: 'companyList' }),
    fileId: await uploadFile(t.app, other, 'people.csv', PEOPLE_CSV),
    companyFileId: await uploadFile(t.app, other, 'companies.csv', COMPANIES_CSV),
    customContactId: theirContact,
    inviteToken: tokenOf((await ok(other, 'POST', { url: '/api/v1/team-management/invitations', payload: { members: [{ name: 'Tia Theirs', email: `tia-${Date.now()}@theirs.test` }] } }))[0].inviteUrl),
  };
  await ok(other, 'PUT', { url: '/api/v1/integrations/zapier/settings', payload: { links: [{ link: 'https://hooks.zapier.com/hooks/catch/2/theirs/' }] } });
  deliverRaw(dovecot, THEIR_MAILBOX.email, generateMessage({ from: 'b@outside.test', to: THEIR_MAILBOX.email, subject: 'Theirs', text: 'theirs' }).raw);
  theirMail = (await connectSyncedMailbox(t, other, dovecot, THEIR_MAILBOX)).messageIds[0]!;
  theirAgent = (await ok(other, 'POST', { url: '/api/v1/agents', payload: { kind: 'research', name: 'Theirs', instructions: 'Q?', listId: theirs.listId, schedule: 'manual' } })).id;
  theirConversation = (await ok(other, 'POST', { url: '/api/v1/sales-gpt/conversations', payload: {} })).id;
  theirCampaign = (await ok(other, 'POST', { url: '/api/v1/campaigns', payload: campaignDraft(theirs.listId, 'Theirs', THEIR_MAILBOX.email) })).id;
});
afterAll(async () => {
  await t?.close();
  await dovecot?.stop();
  await chat?.close();
});

describe("another team's ids", () => {
  it('has a case for every id field of every registered route', () => {
    const uncovered: string[] = [];
    const routes = routesTakingIds();
    for (const [route, fields] of routes) {
      const covered = new Set([...(SHARED_DATABASE_IDS[route] ?? []), ...(CASES[route] ?? []).flatMap((c) => c.fields)]);
      for (const field of fields) if (!covered.has(field)) uncovered.push(`${route} ${field}`);
    }
    expect(uncovered).toEqual([]);
    const stale = Object.keys(CASES).filter((route) => !routes.has(route));
    expect(stale).toEqual([]);
    // The ids are read from the schemas: finding none (a changed document) would pass vacuously.
    expect(routes.size).toBeGreaterThanOrEqual(Object.keys(CASES).length);
  });

  for (const [route, cases] of Object.entries(CASES)) {
    const method = route.split(' ')[0] as Method;
    for (const c of cases) {
      it(`${route} (${c.fields.join(', ')}): another team's owner gets ${c.skipsForeignIds ? 'nothing of ours' : '404'}, ours does not`, async () => {
        const ours = await createOurs();
        const request = c.request(ours, theirs);
        const foreign = await call(other, method, request);
        if (c.skipsForeignIds) await c.skipsForeignIds(foreign, ours);
        else expect(foreign.statusCode, foreign.body).toBe(404);
        const own = await call(c.ownCaller?.(ours) ?? owner, method, c.request(ours, ours));
        if (c.ownStatus) expect(own.statusCode, own.body).toBe(c.ownStatus);
        else expect(own.statusCode, own.body).toBeLessThan(300);
      });
    }
  }
});
