import { describe, expect, it } from 'vitest';
import { campaignRates, formatRate } from './rates';

describe('campaignRates', () => {
  it('divides each outcome by the emails sent', () => {
    expect(campaignRates({ sent: 200, opened: 90, clicked: 20, replied: 10, bounced: 4 })).toEqual({ openRate: 0.45, clickRate: 0.1, replyRate: 0.05, bounceRate: 0.02 });
  });

  it('gives no rate when nothing was sent', () => {
    expect(campaignRates({ sent: 0, opened: 0, clicked: 0, replied: 0, bounced: 0 })).toEqual({ openRate: null, clickRate: null, replyRate: null, bounceRate: null });
  });

  it('caps a rate at 100% when outcomes outnumber the sends', () => {
    expect(campaignRates({ sent: 2, opened: 3, clicked: 0, replied: 0, bounced: 0 }).openRate).toBe(1);
  });
});

describe('formatRate', () => {
  it('shows a percentage with one decimal, or a dash for no rate', () => {
    expect(formatRate(0.4567)).toBe('45.7%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(null)).toBe('—');
  });
});
