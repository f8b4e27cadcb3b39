import { describe, expect, it } from 'vitest';
import {
  countsAsFoundEmail,
  needsVerification,
  affordableBulkCount,
  canEnrich,
  channelState,
  clampBulkCount,
  BULK_ENRICH_MAX,
  emailCost,
  emailStatusDisplay,
  EMAIL_STATUS_LABELS,
  enrichmentCostPerProspect,
  enrichTypeOf,
  isAccurateEmail,
  isAccuratePhone,
  isRememberedNoResult,
  kindsToEnrich,
  maximumCredits,
  NO_RESULT_MEMORY_MS,
  phoneCost,
  phoneStatusDisplay,
} from './rules.js';

const premium = { databaseType: 'premium', arePersonalEmailsPriority: false };
const premiumPersonal = { databaseType: 'premium', arePersonalEmailsPriority: true };
const basic = { databaseType: 'basic', arePersonalEmailsPriority: false };
const basicPersonal = { databaseType: 'basic', arePersonalEmailsPriority: true };

describe('costs (spec §9)', () => {
  it('prices an email by database type and personal-email priority', () => {
    expect(emailCost(basic)).toBe(25);
    expect(emailCost(premium)).toBe(50);
    expect(emailCost(basicPersonal)).toBe(100);
    expect(emailCost(premiumPersonal)).toBe(100);
  });

  it('prices a phone at 200 whatever the database', () => {
    expect(phoneCost()).toBe(200);
    expect(enrichmentCostPerProspect('phone', basic)).toBe(200);
    expect(enrichmentCostPerProspect('phone', premiumPersonal)).toBe(200);
  });

  it('adds the email and phone prices for phone and email', () => {
    expect(enrichmentCostPerProspect('all', premium)).toBe(250);
    expect(enrichmentCostPerProspect('all', basic)).toBe(225);
    expect(enrichmentCostPerProspect('email', premium)).toBe(50);
  });

  it('shows the maximum credits as the per-prospect cost times the count', () => {
    expect(maximumCredits('all', premium, 40)).toBe(10_000);
    expect(maximumCredits('email', basic, 3)).toBe(75);
    expect(maximumCredits('email', basic, 0)).toBe(0);
    expect(maximumCredits('email', basic, -5)).toBe(0);
  });
});

describe('Bulk Enrich count (spec §5)', () => {
  it('opens at what the balance pays for when that is less than the source', () => {
    // A Hobby balance of 15,000 at 250 credits a prospect (work email 50 + phone 200).
    expect(affordableBulkCount(15_000, 250, 10_000)).toBe(60);
    expect(affordableBulkCount(14_999, 250, 10_000)).toBe(59);
  });

  it('opens at the source count, or the cap, when the balance pays for more', () => {
    expect(affordableBulkCount(1_000_000, 50, 12)).toBe(12);
    expect(affordableBulkCount(100_000_000, 50, 1_000_000)).toBe(BULK_ENRICH_MAX);
  });

  it('opens at 1 when the balance pays for none, or is negative', () => {
    expect(affordableBulkCount(100, 250, 500)).toBe(1);
    expect(affordableBulkCount(-40, 250, 500)).toBe(1);
  });

  it('clamps to 1..min(prospects, cap)', () => {
    expect(clampBulkCount(0, 500)).toBe(1);
    expect(clampBulkCount(-3, 500)).toBe(1);
    expect(clampBulkCount(750, 500)).toBe(500);
    expect(clampBulkCount(120, 500)).toBe(120);
    expect(clampBulkCount(50_000, 1_000_000)).toBe(BULK_ENRICH_MAX);
    expect(clampBulkCount(12.7, 500)).toBe(12);
    expect(clampBulkCount(Number.NaN, 30)).toBe(30);
  });

  it('never goes below 1 even with no prospects', () => {
    expect(clampBulkCount(5, 0)).toBe(1);
  });

  it('maps the two checkboxes to an enrich type', () => {
    expect(enrichTypeOf({ email: true, phone: true })).toBe('all');
    expect(enrichTypeOf({ email: true, phone: false })).toBe('email');
    expect(enrichTypeOf({ email: false, phone: true })).toBe('phone');
    expect(enrichTypeOf({ email: false, phone: false })).toBeNull();
  });
});

describe('the 90-day rule (spec §4)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('remembers a miss for exactly 90 days (7,776,000,000 ms)', () => {
    expect(NO_RESULT_MEMORY_MS).toBe(7_776_000_000);
    expect(isRememberedNoResult(ago(1), 0, now)).toBe(true);
    expect(isRememberedNoResult(ago(NO_RESULT_MEMORY_MS - 1), 0, now)).toBe(true);
    expect(isRememberedNoResult(ago(NO_RESULT_MEMORY_MS), 0, now)).toBe(false);
    expect(isRememberedNoResult(ago(NO_RESULT_MEMORY_MS + 86_400_000), 0, now)).toBe(false);
  });

  it('is not a miss when values were found or nothing was ever tried', () => {
    expect(isRememberedNoResult(ago(1), 2, now)).toBe(false);
    expect(isRememberedNoResult(null, 0, now)).toBe(false);
    expect(isRememberedNoResult('not a date', 0, now)).toBe(false);
  });

  it('gives each channel its state and looks up only what is left', () => {
    expect(channelState(ago(1), 1, now)).toBe('found');
    expect(channelState(ago(1), 0, now)).toBe('not_found');
    expect(channelState(null, 0, now)).toBe('none');
    const fresh = { emails: 0, phones: 0, lastEmailEnrichment: null, lastPhoneEnrichment: null };
    expect(kindsToEnrich('all', fresh, now)).toEqual(['email', 'phone']);
    expect(kindsToEnrich('all', { ...fresh, emails: 1 }, now)).toEqual(['phone']);
    expect(kindsToEnrich('email', { ...fresh, lastEmailEnrichment: ago(1000) }, now)).toEqual([]);
    expect(kindsToEnrich('email', { ...fresh, lastEmailEnrichment: ago(NO_RESULT_MEMORY_MS + 1) }, now)).toEqual(['email']);
    expect(kindsToEnrich('phone', { ...fresh, phones: 2 }, now)).toEqual([]);
  });
});

describe('statuses (spec §4)', () => {
  it('shows valid, personal and hq as verified; invalid and do_not_mail as do not email; the rest as risky', () => {
    for (const s of ['valid', 'personal', 'hq']) expect(emailStatusDisplay(s)).toBe('verified');
    for (const s of ['invalid', 'do_not_mail']) expect(emailStatusDisplay(s)).toBe('do_not_email');
    for (const s of ['catch-all', 'unknown']) expect(emailStatusDisplay(s)).toBe('risky');
    expect(EMAIL_STATUS_LABELS.risky).toBe('Accepts all');
  });

  it('shows an unchecked upload as unverified, never as accepts all', () => {
    expect(emailStatusDisplay('unverified')).toBe('unverified');
    expect(EMAIL_STATUS_LABELS.unverified).toBe('Unverified');
    expect(isAccurateEmail('unverified')).toBe(false);
  });

  it('counts as found for enrichment what a provider gave or a verification proved, not an unchecked or failed upload', () => {
    expect(countsAsFoundEmail({ status: 'unverified' })).toBe(false);
    expect(countsAsFoundEmail({ status: 'valid', verifiedAt: '2026-01-01T00:00:00Z' })).toBe(true);
    expect(countsAsFoundEmail({ status: 'invalid', verifiedAt: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(countsAsFoundEmail({ status: 'catch-all', verifiedAt: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(countsAsFoundEmail({ status: 'unknown' })).toBe(true);
    expect(countsAsFoundEmail({ status: 'valid' })).toBe(true);
  });

  it('offers verification for unchecked uploads and guesses only', () => {
    expect(needsVerification({ status: 'unverified' })).toBe(true);
    expect(needsVerification({ status: 'unknown' })).toBe(true);
    expect(needsVerification({ status: 'unknown', verifiedAt: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(needsVerification({ status: 'valid' })).toBe(false);
    expect(needsVerification({ status: 'catch-all' })).toBe(false);
  });

  it('has phones valid or other', () => {
    expect(phoneStatusDisplay('valid')).toBe('valid');
    expect(phoneStatusDisplay('mobile')).toBe('other');
  });

  it('charges only verified emails and valid phones', () => {
    expect(isAccurateEmail('valid')).toBe(true);
    expect(isAccurateEmail('hq')).toBe(true);
    expect(isAccurateEmail('unknown')).toBe(false);
    expect(isAccurateEmail('catch-all')).toBe(false);
    expect(isAccuratePhone('valid')).toBe(true);
    expect(isAccuratePhone('other')).toBe(false);
  });
});

describe('prospect quality (spec §5)', () => {
  it('needs a LinkedIn URL, or a full name and a company', () => {
    expect(canEnrich({ linkedinUrl: 'linkedin.com/in/x' })).toBe(true);
    expect(canEnrich({ fullName: 'Ann Lee', companyName: 'Acme' })).toBe(true);
    expect(canEnrich({ fullName: 'Ann Lee', companyName: '  ' })).toBe(false);
    expect(canEnrich({ companyName: 'Acme' })).toBe(false);
    expect(canEnrich({})).toBe(false);
  });
});
