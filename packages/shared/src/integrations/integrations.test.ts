import { describe, expect, it } from 'vitest';
import { canPush, canSaveSlack, isZapierHook, SlackSettingsUpdate, ZapierLinkBody, ZAPIER_MESSAGES } from './index.js';

describe('Zapier webhook format (spec/settings.md §5)', () => {
  it('takes {host}/hooks/catch/{id}/{hook} with or without the trailing slash, trimmed', () => {
    expect(isZapierHook('https://hooks.zapier.com/hooks/catch/123456/abcdef/')).toBe(true);
    expect(isZapierHook('https://hooks.zapier.com/hooks/catch/123456/abcdef')).toBe(true);
    expect(isZapierHook('  https://hooks.zapier.com/hooks/catch/1/a1b2  ')).toBe(true);
    expect(isZapierHook('http://127.0.0.1:8080/hooks/catch/1/x')).toBe(true);
  });

  it('refuses anything else with the spec message', () => {
    for (const bad of ['', 'hooks.zapier.com/hooks/catch/1/a', 'https://hooks.zapier.com/hooks/catch/abc/def', 'https://hooks.zapier.com/hooks/catch/1/', 'https://hooks.zapier.com/hooks/catch/1/a/b', 'ftp://x/hooks/catch/1/a']) {
      expect(isZapierHook(bad), bad).toBe(false);
    }
    const parsed = ZapierLinkBody.safeParse({ link: 'https://example.com' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(ZAPIER_MESSAGES.invalidLink);
    expect(ZAPIER_MESSAGES.invalidLink).toBe('Invalid link format. Example: https://hooks.zapier.com/hooks/catch/{id}/{hook}.');
  });
});

describe('Slack Save (spec §4, §5)', () => {
  it('needs an installed app and a non-empty trimmed channel', () => {
    expect(canSaveSlack(false, 'sales')).toBe(false);
    expect(canSaveSlack(true, '   ')).toBe(false);
    expect(canSaveSlack(true, ' sales ')).toBe(true);
  });
  it('stores the channel trimmed and without its #', () => {
    expect(SlackSettingsUpdate.parse({ channel: '  #sales-wins ' })).toEqual({ channel: 'sales-wins' });
    expect(SlackSettingsUpdate.safeParse({ channel: '  ' }).success).toBe(false);
  });
});

describe('CRM push needs something to push (spec §5)', () => {
  it('is false with no list and no prospect', () => {
    expect(canPush({ listIds: [], contactIds: [], customContactIds: [] })).toBe(false);
    expect(canPush({ listIds: ['all_enriched_contacts'], contactIds: [], customContactIds: [] })).toBe(true);
    expect(canPush({ listIds: [], contactIds: [], customContactIds: ['c'] })).toBe(true);
  });
});
