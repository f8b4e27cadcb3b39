import { z } from 'zod';
import { trimmedText } from '../primitives.js';
import { MAX_IDS_PER_CALL } from '../lists/schemas.js';

/** Services a team connects (spec/settings.md §2 Integrations page, §7 integration calls). */
export const CRM_SERVICES = ['hubspot', 'salesforce'] as const;
export const CrmService = z.enum(CRM_SERVICES);
export type CrmService = z.infer<typeof CrmService>;

export const INTEGRATION_SERVICES = [...CRM_SERVICES, 'zapier', 'slack'] as const;
export const IntegrationService = z.enum(INTEGRATION_SERVICES);
export type IntegrationService = z.infer<typeof IntegrationService>;

/** Services reached by OAuth 2 (Zapier needs none: its webhooks are links). */
export const OAUTH_SERVICES = ['hubspot', 'salesforce', 'slack'] as const;
export const OAuthService = z.enum(OAUTH_SERVICES);
export type OAuthService = z.infer<typeof OAuthService>;

/** Where a push can go: the team's CRM or its Zapier hooks. */
export const PUSH_SERVICES = ['hubspot', 'salesforce', 'zapier'] as const;
export const PushService = z.enum(PUSH_SERVICES);
export type PushService = z.infer<typeof PushService>;

export const SERVICE_LABELS: Record<IntegrationService, string> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
  zapier: 'Zapier',
  slack: 'Slack',
};

export const isCrmService = (service: string): service is CrmService => (CRM_SERVICES as readonly string[]).includes(service);

/** The Integrations page's cards, grouped by category (spec/settings.md §2). */
export type IntegrationCard = {
  key: string;
  label: string;
  category: 'Browser' | 'Email and calendar' | 'Social' | 'Messaging' | 'CRM' | 'Automation';
  description: string;
  /** Shown, but cannot be connected (spec: Outreach, Pipedrive and Zoho). */
  disabled?: boolean;
};

export const INTEGRATION_CARDS: IntegrationCard[] = [
  { key: 'chrome', label: 'Chrome extension', category: 'Browser', description: 'Find emails and phones while you browse LinkedIn and company websites.' },
  { key: 'google', label: 'Google', category: 'Email and calendar', description: 'Send campaigns and read replies from your Gmail mailboxes.' },
  { key: 'microsoft', label: 'Microsoft', category: 'Email and calendar', description: 'Send campaigns and read replies from your Outlook mailboxes.' },
  { key: 'linkedin', label: 'LinkedIn', category: 'Social', description: 'Send connection requests and messages from your LinkedIn accounts.' },
  { key: 'slack', label: 'Slack', category: 'Messaging', description: 'Get a message in a channel when a push, a pull, an import or a bulk enrichment finishes.' },
  { key: 'hubspot', label: 'HubSpot', category: 'CRM', description: 'Push prospects to HubSpot contacts and pull your HubSpot contacts into a list.' },
  { key: 'salesforce', label: 'Salesforce', category: 'CRM', description: 'Push prospects to Salesforce as leads or contacts and pull them into a list.' },
  { key: 'outreach', label: 'Outreach', category: 'CRM', description: 'Sync prospects with Outreach.', disabled: true },
  { key: 'pipedrive', label: 'Pipedrive', category: 'CRM', description: 'Sync prospects with Pipedrive.', disabled: true },
  { key: 'zoho', label: 'Zoho', category: 'CRM', description: 'Sync prospects with Zoho CRM.', disabled: true },
  { key: 'zapier', label: 'Zapier', category: 'Automation', description: 'Send prospects to your Zaps through webhooks.' },
];

/** The list id that stands for every enriched contact of the team (spec §7 push). */
export const ALL_ENRICHED_CONTACTS = 'all_enriched_contacts';

/** Hourly auto-pull (spec/prospecting.md §9). */
export const AUTO_PULL_CRON = '0 * * * *';

export const SALESFORCE_PROFILE_TYPES = ['contact', 'lead'] as const;
export const SalesforceProfileType = z.enum(SALESFORCE_PROFILE_TYPES);

/** CRM settings (spec/settings.md §3). */
export const CrmSettings = z.object({
  autoPullEnabled: z.boolean(),
  autoPushEnabled: z.boolean(),
  profileType: SalesforceProfileType.nullable(),
  lastPullPerformedAt: z.string().nullable(),
  lastPushPerformedAt: z.string().nullable(),
  userForSyncId: z.string().nullable(),
});
export type CrmSettings = z.infer<typeof CrmSettings>;

export const CrmSettingsUpdate = z
  .object({
    autoPullEnabled: z.boolean(),
    autoPushEnabled: z.boolean(),
    profileType: SalesforceProfileType,
    userForSyncId: z.uuid('Choose a member of your team').nullable(),
  })
  .partial();
export type CrmSettingsUpdate = z.infer<typeof CrmSettingsUpdate>;

/** Zapier settings (spec/settings.md §3): its webhook links and the auto-push option. */
export const ZapierLink = z.object({ id: z.string(), link: z.string() });
export const ZapierSettings = z.object({ links: z.array(ZapierLink), options: z.object({ autoPushEnabled: z.boolean() }) });
export type ZapierSettings = z.infer<typeof ZapierSettings>;

/** Slack settings: whether the app is installed, and the channel. The token never leaves the server. */
export const SlackSettings = z.object({ installed: z.boolean(), channel: z.string().nullable(), teamName: z.string().nullable() });
export type SlackSettings = z.infer<typeof SlackSettings>;

export const ZAPIER_HOOK_HOST = 'https://hooks.zapier.com';
export const ZAPIER_MESSAGES = {
  invalidLink: `Invalid link format. Example: ${ZAPIER_HOOK_HOST}/hooks/catch/{id}/{hook}.`,
  autoPushSaved: 'Auto-push setting updated successfully!',
  autoPushFailed: 'There was an error updating your Zapier auto-push setting. Please try again later!',
  webhookAdded: 'Webhook added successfully!',
  webhookAddFailed: 'There was an error trying to add the webhook. Please try again later!',
  webhookRemoved: 'Webhook removed successfully!',
  webhookRemoveFailed: 'There was an error trying to remove the webhook. Please try again.',
  testSent: 'Test trigger sent successfully!',
  testFailed: 'There was an error trying to send the test trigger. Please try again later!',
  pushStarted: 'Push to Zapier started successfully. It could take some time to complete!',
  pushFailed: 'There was an error trying to push contacts to Zapier. Please try again later!',
  noLinks: 'Add a Zapier webhook first.',
  loadFailed: 'There was an error fetching your Zapier settings. Please try again later!',
} as const;

/**
 * A Zapier catch hook: `{host}/hooks/catch/{id}/{hook}`, trailing slash optional (spec §5). The
 * host is any http(s) origin, so a self-hosted relay or a test server can stand in for Zapier's;
 * the outbound client still refuses private addresses unless configured otherwise.
 */
const ZAPIER_HOOK = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?\/hooks\/catch\/\d+\/[a-z0-9]+\/?$/i;
export function isZapierHook(value: string): boolean {
  return ZAPIER_HOOK.test(value.trim());
}
export const ZapierLinkBody = z.object({
  link: trimmedText().refine(isZapierHook, ZAPIER_MESSAGES.invalidLink),
});

/** `PUT /api/v1/integrations/zapier/settings`: the whole list of links and the options. */
export const ZapierSettingsUpdate = z.object({
  links: z.array(z.object({ link: trimmedText().refine(isZapierHook, ZAPIER_MESSAGES.invalidLink) })).max(20, 'At most 20 webhooks').optional(),
  options: z.object({ autoPushEnabled: z.boolean() }).optional(),
});
export type ZapierSettingsUpdate = z.infer<typeof ZapierSettingsUpdate>;

export const SLACK_MESSAGES = {
  connectFailed: 'There was an error connecting to Slack. Please try again later!',
  installFailed: 'There was an error installing the Slack app. Please try again later!',
  updateFailed: 'Failed to update Slack settings. Please try again later!',
  connected: 'Slack connected successfully.',
  loadFailed: 'There was an error fetching your Slack settings. Please try again later!',
  notInstalled: 'Install the Slack app first.',
} as const;

/** Slack Save needs an installed app and a non-empty trimmed channel (spec §5). */
export const SlackSettingsUpdate = z.object({
  channel: trimmedText()
    .min(1, 'Enter a channel name')
    .max(80)
    .transform((c) => c.replace(/^#/, '')),
});
export const canSaveSlack = (installed: boolean, channel: string) => installed && channel.trim().length > 0;

export const INTEGRATION_MESSAGES = {
  oneCrm: 'You can only connect one CRM at a time',
  connectFailed: (label: string) => `There was an error connecting to ${label}. Please try again later!`,
  disconnectFailed: (label: string) => `There was an error disconnecting from ${label}. Please try again later!`,
  disconnected: 'Integration disconnected successfully!',
  settingsSaved: (label: string) => `${label} settings updated successfully!`,
  settingsFailed: (label: string) => `There was an error trying to update your ${label} settings. Please try again later!`,
  noRedirect: (service: string) => `Failed to connect to ${service}`,
  pushFailed: (service: string) => `There was an error trying to push your prospects to ${service}. Please try again later!`,
  pullPushFailed: (service: string) => `Failed to pull/push contacts from/to ${service}. Please try again later!`,
  pushQueued: (service: string) => `Your prospects are being pushed to ${service}. It could take some time to complete!`,
  pullQueued: (service: string) => `Your ${service} contacts are being pulled into a list. It could take some time to complete!`,
  pushNeedsSomething: 'Choose at least one list with contacts, or one prospect with an email or phone.',
  notConnected: (label: string) => `${label} is not connected. Connect it in Settings, Integrations.`,
  notConfigured: (label: string) =>
    `${label} is not configured on this server. An administrator sets its client id and secret (see the README) before anyone can connect it.`,
  authDataFailed: 'There was an error fetching your CRM auth data. Please try again later!',
  badState: 'This connection link has expired or was not started from this account. Please connect again.',
  tokenRevoked: (label: string) => `${label} refused our access. Please reconnect ${label} in Settings, Integrations.`,
} as const;

export const OAuthUrlResponse = z.object({ data: z.object({ url: z.string() }) });
export const OAuthCallbackQuery = z.object({
  code: trimmedText().min(1, 'The connection was not approved').max(2000),
  state: trimmedText().min(1).max(2000),
});
export const OAuthCallbackResponse = z.object({ data: z.object({ service: IntegrationService, connected: z.literal(true) }) });

/** `GET /api/v1/integrations/crm/authdata` (spec/settings.md §3 CRM auth). */
export const CrmAuthData = z.object({ crmName: CrmService, email: z.string().nullable(), teamPortalId: z.string().nullable() });
export const CrmAuthDataResponse = z.object({ data: CrmAuthData.nullable() });

/** `GET /api/v1/integrations/crm/team/connectiondata`. */
export const CrmConnectionData = z.object({
  crmName: CrmService.nullable(),
  connectedMembers: z.array(z.object({ userId: z.string(), userName: z.string(), email: z.string() })),
});
export const CrmConnectionDataResponse = z.object({ data: CrmConnectionData });

/** What each service looks like to the Integrations page. */
export const IntegrationStatus = z.object({
  service: IntegrationService,
  /** The server has the client id/secret (CRMs, Slack); Zapier always is. */
  configured: z.boolean(),
  connected: z.boolean(),
  accountEmail: z.string().nullable(),
});
export const IntegrationsStatusResponse = z.object({ data: z.array(IntegrationStatus) });

export const CrmSettingsResponse = z.object({ data: CrmSettings });
export const ZapierSettingsResponse = z.object({ data: ZapierSettings });
export const SlackSettingsResponse = z.object({ data: SlackSettings });

const ids = (message: string) => z.array(trimmedText().min(1).max(200)).max(MAX_IDS_PER_CALL, message).default([]);

/** `POST /api/v1/integrations/{service}/data/push` (spec §7). */
export const PushBody = z.object({
  listIds: ids('Too many lists'),
  contactIds: ids('Too many prospects'),
  customContactIds: ids('Too many prospects'),
});
export type PushBody = z.infer<typeof PushBody>;
export const SyncJobResponse = z.object({ data: z.object({ jobId: z.string(), listId: z.string().nullable() }) });

/** Push needs a list with contacts or a prospect with an email or phone (spec §5 CRM push). */
export const canPush = (body: { listIds: string[]; contactIds: string[]; customContactIds: string[] }) =>
  body.listIds.length + body.contactIds.length + body.customContactIds.length > 0;

/** What a push or pull job reports when it ends. */
export const SyncResult = z.object({ pushed: z.number().int(), failed: z.number().int(), skipped: z.number().int() });
