import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { CREDIT_COSTS, CREDIT_PACK_UNIT, CREDIT_PACKS, ENRICHMENT_PACKS, PLANS, planCredits, STARTING_PLAN, TRIAL_DAYS } from './constants.js';
import { CREDIT_BANNERS, creditBanner, creditStatusLevel, showBuyMore } from './status.js';

describe('credit costs', () => {
  it('prices every action as settings.md §9 says', () => {
    expect(CREDIT_COSTS).toEqual({
      agentResearchQuery: 5,
      agentListBuilder: 10,
      b2bContactSearch: 5,
      professionalEmailBasic: 25,
      professionalEmailWaterfall: 50,
      personalAndProfessionalEmail: 100,
      phone: 200,
      emailValidation: 5,
      aiEmail: 5,
      manualEmail: 2,
      personLevelWebsiteVisitor: 200,
      personAndCompanyWebsiteVisitor: 50,
      dedicatedInboxPerInbox: 1000,
      aiEmailWarmupPerInbox: 2000,
      linkedinConnectionRequest: 50,
      linkedinMessage: 10,
      callRecordingPerMinute: 25,
      packWorkEmailsPremium: 50,
      packPersonalEmailsPremium: 100,
      phoneNumberPerMonth: 50,
      defaultMailbox: 2500,
    });
    expect(ENRICHMENT_PACKS).toEqual([
      { label: 'Work emails + Premium database', creditsPerRow: 50 },
      { label: 'Personal emails + Premium database', creditsPerRow: 100 },
    ]);
  });

  it('gives each plan its monthly and yearly credits and prices in cents', () => {
    expect(PLANS.hobby.monthly).toEqual({ cycle: 'monthly', credits: 15_000, priceCents: 5_000 });
    expect(PLANS.hobby.yearly).toEqual({ cycle: 'yearly', credits: 180_000, priceCents: 48_000 });
    expect(PLANS.solopreneur.monthly).toEqual({ cycle: 'monthly', credits: 100_000, priceCents: 20_000 });
    expect(PLANS.solopreneur.yearly).toEqual({ cycle: 'yearly', credits: 1_200_000, priceCents: 192_000 });
    expect(PLANS.startup.monthly).toEqual({ cycle: 'monthly', credits: 400_000, priceCents: 50_000 });
    expect(PLANS.startup.yearly).toEqual({ cycle: 'yearly', credits: 4_800_000, priceCents: 480_000 });
    expect(PLANS.startup.popular).toBe(true);
    expect(PLANS.growth.custom).toBe(true);
    expect(planCredits('hobby')).toBe(15_000);
    expect(planCredits('growth')).toBe(0);
    expect(planCredits('unknown')).toBe(0);
    expect([STARTING_PLAN, TRIAL_DAYS]).toEqual(['hobby', 7]);
  });

  it('sells packs of 10,000-credit units', () => {
    expect(CREDIT_PACK_UNIT).toBe(10_000);
    expect(CREDIT_PACKS.map((p) => [p.credits, p.priceCents, p.popular])).toEqual([
      [10_000, 2_000, false],
      [50_000, 10_000, true],
      [100_000, 20_000, false],
    ]);
  });

  it("keeps the 402 message verbatim", () => {
    expect(MESSAGES.insufficientCredits).toBe('There was an error performing this action due to insufficient credits. Please try again later!');
  });
});

describe('credit status levels', () => {
  const level = (available: number, total = 1000) => creditStatusLevel({ available, total });

  it('is critical at 0% available and when there is no total', () => {
    expect(level(0)).toBe('critical');
    expect(level(-5)).toBe('critical');
    expect(level(0, 0)).toBe('critical');
  });

  it('is danger at 10% or less, warning at 30% or less, normal above and at 100%', () => {
    expect(level(1)).toBe('danger');
    expect(level(100)).toBe('danger');
    expect(level(101)).toBe('warning');
    expect(level(300)).toBe('warning');
    expect(level(301)).toBe('normal');
    expect(level(1000)).toBe('normal');
    // 10% of 15,000 is exactly 1,500: no floating-point surprise at the edge.
    expect(creditStatusLevel({ available: 1500, total: 15_000 })).toBe('danger');
    expect(creditStatusLevel({ available: 4500, total: 15_000 })).toBe('warning');
    expect(creditStatusLevel({ available: 4501, total: 15_000 })).toBe('normal');
  });

  it('shows the 70% banner at warning and the 90% banner at danger and critical', () => {
    expect(CREDIT_BANNERS).toEqual({
      warning: 'Your team has used 70% of the available credits',
      danger: 'Your team has used 90% of the available credits',
    });
    expect(creditBanner('normal')).toBeNull();
    expect(creditBanner('warning')).toBe(CREDIT_BANNERS.warning);
    expect(creditBanner('danger')).toBe(CREDIT_BANNERS.danger);
    expect(creditBanner('critical')).toBe(CREDIT_BANNERS.danger);
  });

  it('offers Buy More only to the owner and only at 10% or less left', () => {
    expect(showBuyMore({ available: 100, total: 1000 }, 'TEAM_OWNER')).toBe(true);
    expect(showBuyMore({ available: 0, total: 1000 }, 'TEAM_OWNER')).toBe(true);
    expect(showBuyMore({ available: 101, total: 1000 }, 'TEAM_OWNER')).toBe(false);
    expect(showBuyMore({ available: 50, total: 1000 }, 'TEAM_ADMIN')).toBe(false);
    expect(showBuyMore({ available: 50, total: 1000 }, 'TEAM_MEMBER')).toBe(false);
  });
});
