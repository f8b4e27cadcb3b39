/** The counts a campaign's rates are computed from (a subset of CampaignCounts). */
export type RateCounts = { sent: number; opened: number; clicked: number; replied: number; bounced: number };

export type CampaignRates = { openRate: number | null; clickRate: number | null; replyRate: number | null; bounceRate: number | null };

/**
 * Open, click, reply and bounce rates as fractions of the emails sent (0..1), or null while
 * nothing was sent: a campaign that sent nothing has no rate, which is not a rate of 0.
 */
export function campaignRates(counts: RateCounts): CampaignRates {
  const of = (n: number) => (counts.sent > 0 ? Math.min(1, n / counts.sent) : null);
  return { openRate: of(counts.opened), clickRate: of(counts.clicked), replyRate: of(counts.replied), bounceRate: of(counts.bounced) };
}

/** A rate as a percentage with one decimal, or an em dash when there is none. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}
