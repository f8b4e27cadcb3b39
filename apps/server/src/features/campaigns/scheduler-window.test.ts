import { localParts } from '@leadline/shared/campaigns/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { createContactList, createMailbox, ownerActor, threeSteps, WEEKDAYS_9_TO_5 } from './test/fixtures.repository.js';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await createTeam(t.ctx.db));
});
afterAll(() => t.close());

describe('campaign scheduler at the end of its window (injected clock)', () => {
  it('plans nothing from the window end through the weekend, and opens on Monday at 09:00 after the autumn change', async () => {
    await createMailbox(t.ctx.db, t.ctx.config, owner, 'autumn@example.test', { capacity: 100 });
    const list = await createContactList(t.ctx.db, owner, 'Autumn list', Array.from({ length: 3 }, (_, i) => ({ first: `A${i}`, email: `autumn-${i}@leads.test` })));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/campaigns',
      headers: { cookie: owner.cookie },
      payload: { name: 'Autumn', listIds: [list.listId], mailboxes: ['autumn@example.test'], schedule: WEEKDAYS_9_TO_5, steps: threeSteps, dailyLimit: 100, minGapSeconds: 0, jitterSeconds: 0 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    // Friday 2026-10-23, 17:00 in Paris (UTC+2 until Sunday's change to UTC+1): the window has just closed.
    await launchCampaign(t.ctx.db, ownerActor(owner), id, new Date('2026-10-23T15:00:00Z'));
    const tick = async (iso: string) => (await runTick(t.ctx, { now: new Date(iso), random: () => 0 })).planned;

    expect(await tick('2026-10-23T15:00:00Z')).toBe(0); // Friday 17:00: closed
    expect(await tick('2026-10-23T20:00:00Z')).toBe(0); // Friday evening
    expect(await tick('2026-10-25T09:00:00Z')).toBe(0); // Sunday, the day of the change
    expect(await tick('2026-10-26T07:30:00Z')).toBe(0); // Monday 08:30 CET: not yet open, though 09:30 by Friday's offset
    expect(await tick('2026-10-26T08:00:00Z')).toBe(3); // Monday 09:00 CET, one hour later in UTC than Friday's opening
    const sends = await t.ctx.db.selectFrom('campaign_sends').select('due_at').where('campaign_id', '=', id).execute();
    for (const s of sends) expect(localParts(new Date(s.due_at), 'Europe/Paris')).toMatchObject({ hour: 9, minute: 0, weekday: 1 });
  });
});
