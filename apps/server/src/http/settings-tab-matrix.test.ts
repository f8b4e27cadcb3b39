import { SETTINGS_TABS, type Permission, type SettingsTab } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { isSessionOnly, policyFor } from './policy.js';

/**
 * spec/settings.md §6: which roles open each settings tab. The server serves a tab's routes to
 * those roles only. A tab's routes are named here by exact route or by path prefix, so a route
 * added later under a tab's prefix is checked too.
 */
type TabRoutes = { routes?: readonly string[]; prefixes?: readonly string[]; except?: readonly string[]; later?: true };

const TAB_ROUTES: Record<SettingsTab, TabRoutes> = {
  company: {
    routes: ['PUT /userInfo', 'POST /user/logo', 'GET /user/logo'],
    prefixes: ['/icp-filters/'],
  },
  team: {
    routes: ['POST /api/v1/team-management/invitations'],
    prefixes: ['/api/v1/team-management/members/'],
  },
  accounts: {
    // The enrichment preference is saved through PUT /userInfo (listed under company, same roles).
    prefixes: ['/api/v1/mail/'],
  },
  website: { prefixes: ['/ip-addresses', '/user/tagScript', '/user/testTagScript'], later: true },
  integrations: {
    prefixes: ['/api/v1/integrations/'],
    // What members do from other screens: push prospects to the CRM, and see whether one is connected.
    except: ['POST /api/v1/integrations/:service/data/push', 'GET /api/v1/integrations/crm/authdata'],
  },
  api_cockpit: { prefixes: ['/api/v1/api_keys/'] },
  // Stripe calls the webhook, not a user: it is public and proves itself by its signature.
  billing: { prefixes: ['/billing/'], except: ['POST /billing/webhook'] },
  // The credits card reads the same balance as the credits footer every member sees; the tab's own
  // action, buying credits, is a billing route.
  credits: { prefixes: ['/billing/'], except: ['POST /billing/webhook'] },
};

const ROLES: readonly Permission[] = ['TEAM_OWNER', 'TEAM_ADMIN', 'TEAM_MEMBER'];

let t: TestApp;
let users: Record<Permission, TestUser>;
const fill = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

beforeAll(async () => {
  t = await createTestApp();
  const team = await createTeam(t.ctx.db);
  users = { TEAM_OWNER: team.owner, TEAM_ADMIN: team.admin, TEAM_MEMBER: team.member };
});
afterAll(() => t.close());

function routesOf(tab: SettingsTab): string[] {
  const spec = TAB_ROUTES[tab];
  const registered = t.app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
  const byPrefix = registered.filter((route) => spec.prefixes?.some((prefix) => route.split(' ')[1]!.startsWith(prefix)));
  return [...new Set([...(spec.routes ?? []), ...byPrefix])].filter((route) => !spec.except?.includes(route));
}

describe('the settings tab matrix (spec/settings.md §6)', () => {
  it('names only registered routes, and every tab built in this version has some', () => {
    const registered = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const { tab } of SETTINGS_TABS) {
      for (const route of TAB_ROUTES[tab].routes ?? []) expect(registered, route).toContain(route);
      for (const route of TAB_ROUTES[tab].except ?? []) expect(registered, route).toContain(route);
      if (!TAB_ROUTES[tab].later) expect(routesOf(tab).length, tab).toBeGreaterThan(0);
    }
  });

  it("gives each tab's routes the tab's roles in the policy table", () => {
    const wrong: string[] = [];
    for (const { tab, roles } of SETTINGS_TABS) {
      const expected = roles.length === 3 ? 'user' : roles.length === 2 ? 'admin' : 'owner';
      for (const route of routesOf(tab)) {
        const [method, url] = route.split(' ') as [string, string];
        const policy = policyFor(method, url);
        if (policy !== expected) wrong.push(`${tab}: ${route} is ${policy}, the tab is ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('marks billing routes session-only: an API key never reaches them', () => {
    const billing = routesOf('billing').filter((route) => !isSessionOnly(...(route.split(' ') as [string, string])));
    expect(billing).toEqual([]);
  });

  it("serves each tab's routes to the tab's roles and refuses the others with 403", async () => {
    const wrong: string[] = [];
    for (const { tab, roles } of SETTINGS_TABS) {
      for (const route of routesOf(tab)) {
        const [method, url] = route.split(' ') as [string, string];
        for (const role of ROLES) {
          const response = await t.app.inject({
            method: method as 'GET',
            url: fill(url),
            headers: { cookie: users[role].cookie },
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          const allowed = (roles as readonly Permission[]).includes(role);
          const refused = response.statusCode === 401 || response.statusCode === 403;
          if (allowed === refused) wrong.push(`${tab}: ${route} as ${role} -> ${response.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
