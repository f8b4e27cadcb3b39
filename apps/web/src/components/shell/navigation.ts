import {
  IconChartBar,
  IconFileText,
  IconInbox,
  IconListDetails,
  IconPhoneCall,
  IconRobot,
  IconRoute,
  IconSend,
  IconSparkles,
  IconUserSearch,
  IconWorldSearch,
  type Icon,
} from '@tabler/icons-react';

export type SidebarItem = {
  label: string;
  route: string;
  icon: Icon;
  /** The spec's state: 'disabled' items stay disabled even once their area exists. */
  specState: 'enabled' | 'disabled';
};

export type SidebarGroup = { label: string | null; items: SidebarItem[] };

/** The sidebar menu of spec/engage.md §2, in its order. */
export const SIDEBAR_GROUPS: SidebarGroup[] = [
  {
    label: null,
    items: [
      { label: 'SalesGPT', route: '/', icon: IconSparkles, specState: 'enabled' },
      { label: 'Insights', route: '/insights', icon: IconChartBar, specState: 'enabled' },
    ],
  },
  {
    label: 'Prospect',
    items: [
      { label: 'Prospect Search', route: '/prospects/search', icon: IconUserSearch, specState: 'enabled' },
      { label: 'Prospect Lists', route: '/prospects/lists', icon: IconListDetails, specState: 'enabled' },
    ],
  },
  {
    label: 'Engage',
    items: [
      { label: 'Campaigns', route: '/engage/sequences', icon: IconSend, specState: 'enabled' },
      { label: 'Inbox', route: '/engage/inbox', icon: IconInbox, specState: 'enabled' },
      { label: 'Meet Transcripts', route: '/engage/meet-transcripts', icon: IconFileText, specState: 'disabled' },
      { label: 'Power Dialer', route: '/engage/power-dialer', icon: IconPhoneCall, specState: 'enabled' },
      { label: 'Workflow Automation', route: '/engage/workflow-automation', icon: IconRoute, specState: 'disabled' },
    ],
  },
  {
    label: 'Signals',
    items: [
      { label: 'Website Intent', route: '/signals/website-intent', icon: IconWorldSearch, specState: 'enabled' },
      { label: 'Agents', route: '/signals/agents', icon: IconRobot, specState: 'enabled' },
    ],
  },
];

/** A link when a built page is this entry (pages.tsx) and the spec enables it; otherwise disabled with a notice. */
export const isItemEnabled = (item: SidebarItem, builtMenuItems: ReadonlySet<string>) => builtMenuItems.has(item.label) && item.specState === 'enabled';

/**
 * Breadcrumb titles by path. Paths with `page: true` are the titled routes of spec/engage.md §2
 * (pages of their own); the others only name a path prefix, like the "Prospect" group. A path
 * with a parameter gets no crumb of its own: its page names the record with a breadcrumb tail.
 */
export const PATH_TITLES: ReadonlyArray<{ path: string; title: string; page: boolean }> = [
  { path: '/', title: 'Home', page: true },
  { path: '/insights', title: 'Insights', page: true },
  { path: '/insights/opportunities', title: 'Opportunities', page: true },
  { path: '/insights/sequences', title: 'Campaigns', page: true },
  { path: '/prospects', title: 'Prospect', page: false },
  { path: '/prospects/search', title: 'Search', page: true },
  { path: '/prospects/lists', title: 'Lists', page: true },
  { path: '/prospects/lists/people', title: 'People', page: false },
  { path: '/prospects/lists/people/:listId', title: 'List', page: true },
  { path: '/prospects/lists/companies', title: 'Companies', page: false },
  { path: '/prospects/lists/companies/:listId', title: 'List', page: true },
  { path: '/engage', title: 'Engage', page: false },
  { path: '/engage/sequences', title: 'Campaigns', page: true },
  { path: '/engage/sequences/new-campaign', title: 'New Campaign', page: true },
  { path: '/engage/sequences/campaign-templates', title: 'Templates', page: true },
  { path: '/engage/sequences/campaign-templates/:templateId', title: 'Template', page: true },
  { path: '/engage/sequences/campaign-details', title: 'Campaign Details', page: true },
  // Not a titled route of the spec: the suppression list is a tab of Campaigns (docs/decisions.md).
  { path: '/engage/sequences/suppressions', title: 'Suppressions', page: true },
  { path: '/engage/inbox', title: 'Inbox', page: true },
  { path: '/engage/meet-transcripts', title: 'Meet Transcripts', page: true },
  { path: '/engage/power-dialer', title: 'Power Dialer', page: true },
  { path: '/engage/power-dialer/call-queue', title: 'Call Queue', page: true },
  { path: '/engage/workflow-automation', title: 'Workflow Automation', page: true },
  { path: '/signals', title: 'Signals', page: false },
  { path: '/signals/website-intent', title: 'Website Intent', page: true },
  { path: '/signals/agents', title: 'Agents', page: true },
  { path: '/manage', title: 'Manage', page: false },
  { path: '/manage/opportunities', title: 'Opportunities', page: true },
  { path: '/manage/companies', title: 'Companies', page: true },
  { path: '/manage/contacts', title: 'Contacts', page: true },
  { path: '/integrate', title: 'Integrate', page: true },
  { path: '/settings', title: 'Settings', page: true },
  { path: '/settings/knowledge-hub', title: 'Knowledge Hub', page: true },
  { path: '/settings/hubspot', title: 'HubSpot', page: true },
  { path: '/settings/salesforce', title: 'Salesforce', page: true },
  { path: '/settings/zapier', title: 'Zapier', page: true },
];

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

export function titleOfPath(path: string) {
  return PATH_TITLES.find((entry) => matches(entry.path, path));
}
