import type { ReactNode } from 'react';
import { matchPath, Navigate } from 'react-router';
import { AdminOnly } from './features/auth/components/SessionGates';
import { lazyPage } from './lib/lazy-page';

// Each page is its own chunk, fetched on the first visit (budget: scripts/bundle-budget.mjs).
const SalesGptPage = lazyPage(() => import('./features/sales-gpt/pages/SalesGptPage'), (m) => m.SalesGptPage);
const SettingsPage = lazyPage(() => import('./features/settings/pages/SettingsPage'), (m) => m.SettingsPage);
const ZapierSettingsPage = lazyPage(() => import('./features/integrations/pages/ZapierSettingsPage'), (m) => m.ZapierSettingsPage);
const CrmSettingsPage = lazyPage(() => import('./features/integrations/pages/CrmSettingsPage'), (m) => m.CrmSettingsPage);
const OAuthCallbackPage = lazyPage(() => import('./features/integrations/pages/OAuthCallbackPage'), (m) => m.OAuthCallbackPage);
const ProspectSearchPage = lazyPage(() => import('./features/search/pages/ProspectSearchPage'), (m) => m.ProspectSearchPage);
const ListsPage = lazyPage(() => import('./features/lists/pages/ListsPage'), (m) => m.ListsPage);
const ListDetailPage = lazyPage(() => import('./features/lists/pages/ListDetailPage'), (m) => m.ListDetailPage);
const KnowledgeHubPage = lazyPage(() => import('./features/knowledge-hub/pages/KnowledgeHubPage'), (m) => m.KnowledgeHubPage);
const KnowledgeProfilePage = lazyPage(() => import('./features/knowledge-hub/pages/KnowledgeProfilePage'), (m) => m.KnowledgeProfilePage);
const MailOAuthCallbackPage = lazyPage(() => import('./features/mailboxes/pages/MailOAuthCallbackPage'), (m) => m.MailOAuthCallbackPage);
const InboxPage = lazyPage(() => import('./features/mailboxes/pages/InboxPage'), (m) => m.InboxPage);
const CampaignsPage = lazyPage(() => import('./features/campaigns/pages/CampaignsPage'), (m) => m.CampaignsPage);
const NewCampaignPage = lazyPage(() => import('./features/campaigns/pages/NewCampaignPage'), (m) => m.NewCampaignPage);
const AgentsPage = lazyPage(() => import('./features/agents/pages/AgentsPage'), (m) => m.AgentsPage);
const TemplateEditPage = lazyPage(() => import('./features/campaigns/pages/TemplateEditPage'), (m) => m.TemplateEditPage);
const CampaignTemplatesPage = lazyPage(() => import('./features/campaigns/pages/CampaignTemplatesPage'), (m) => m.CampaignTemplatesPage);
const SuppressionsPage = lazyPage(() => import('./features/campaigns/pages/SuppressionsPage'), (m) => m.SuppressionsPage);
const CampaignDetailsPage = lazyPage(() => import('./features/campaigns/pages/CampaignDetailsPage'), (m) => m.CampaignDetailsPage);
const SequenceInsightsPage = lazyPage(() => import('./features/insights/pages/SequenceInsightsPage'), (m) => m.SequenceInsightsPage);

export type AppPage = {
  path: string;
  element: ReactNode;
  /** Fetches the page's code ahead of its render. */
  preload: () => Promise<unknown>;
  /** The sidebar entry (its label) this page is: that entry becomes a link. */
  menu?: string;
  /** For a path with a parameter: the spec's titled paths it serves (they get no "not available yet" page). */
  servesTitledPaths?: readonly string[];
};

/**
 * Every page of the signed-in app that this version builds. Adding a page here is all it takes:
 * the router mounts it, its sidebar entry (if it names one) becomes a link, and its titled
 * path stops showing the "not available yet" page.
 */
export const APP_PAGES: readonly AppPage[] = [
  { path: '/', element: <SalesGptPage />, preload: SalesGptPage.preload, menu: 'SalesGPT' },
  { path: '/settings', element: <SettingsPage />, preload: SettingsPage.preload },
  { path: '/settings/zapier', element: <AdminOnly><ZapierSettingsPage /></AdminOnly>, preload: ZapierSettingsPage.preload },
  { path: '/settings/knowledge-hub', element: <KnowledgeHubPage />, preload: KnowledgeHubPage.preload },
  { path: '/settings/knowledge-hub/:profileId', element: <KnowledgeProfilePage />, preload: KnowledgeProfilePage.preload },
  { path: '/settings/:service', element: <AdminOnly><CrmSettingsPage /></AdminOnly>, preload: CrmSettingsPage.preload, servesTitledPaths: ['/settings/hubspot', '/settings/salesforce'] },
  { path: '/integrations/:service/callback', element: <OAuthCallbackPage />, preload: OAuthCallbackPage.preload },
  { path: '/prospects/search', element: <ProspectSearchPage />, preload: ProspectSearchPage.preload, menu: 'Prospect Search' },
  { path: '/prospects/lists', element: <ListsPage />, preload: ListsPage.preload, menu: 'Prospect Lists' },
  { path: '/prospects/lists/people/:listId', element: <ListDetailPage entity="people" />, preload: ListDetailPage.preload },
  { path: '/prospects/lists/companies/:listId', element: <ListDetailPage entity="companies" />, preload: ListDetailPage.preload },
  { path: '/mail/:provider/callback', element: <MailOAuthCallbackPage />, preload: MailOAuthCallbackPage.preload },
  { path: '/engage/inbox', element: <InboxPage />, preload: InboxPage.preload, menu: 'Inbox' },
  { path: '/engage/sequences', element: <CampaignsPage />, preload: CampaignsPage.preload, menu: 'Campaigns' },
  { path: '/engage/sequences/new-campaign', element: <NewCampaignPage />, preload: NewCampaignPage.preload },
  { path: '/engage/sequences/campaign-details', element: <CampaignDetailsPage />, preload: CampaignDetailsPage.preload },
  { path: '/engage/sequences/campaign-templates', element: <CampaignTemplatesPage />, preload: CampaignTemplatesPage.preload },
  { path: '/engage/sequences/campaign-templates/:templateId', element: <TemplateEditPage />, preload: TemplateEditPage.preload },
  { path: '/engage/sequences/suppressions', element: <SuppressionsPage />, preload: SuppressionsPage.preload },
  // Insights' only built screen is Sequences: its sidebar entry opens it.
  { path: '/insights', element: <Navigate to="/insights/sequences" replace />, preload: SequenceInsightsPage.preload, menu: 'Insights' },
  { path: '/insights/sequences', element: <SequenceInsightsPage />, preload: SequenceInsightsPage.preload },
  { path: '/signals/agents', element: <AgentsPage />, preload: AgentsPage.preload, menu: 'Agents' },
];

/** Titled paths (navigation.ts) that a built page serves. */
export const BUILT_PATHS: ReadonlySet<string> = new Set(APP_PAGES.flatMap((page) => [page.path, ...(page.servesTitledPaths ?? [])]));

/** Sidebar entries whose page is built. */
export const BUILT_MENU_ITEMS: ReadonlySet<string> = new Set(APP_PAGES.flatMap((page) => (page.menu ? [page.menu] : [])));

/**
 * Starts fetching the code of the page at this address while the session check runs, so a
 * reload does not wait for the check and then for the page's chunk one after the other.
 */
export function preloadPageAt(pathname: string): void {
  // The first match, as the router ranks a static segment above a parameter.
  const page = APP_PAGES.find((entry) => !entry.path.includes(':') && matchPath(entry.path, pathname)) ?? APP_PAGES.find((entry) => matchPath(entry.path, pathname));
  void page?.preload().catch(() => undefined); // a failed fetch is retried and reported by the render
}
