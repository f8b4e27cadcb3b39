/**
 * Credits status (prospecting.md §4, settings.md §4 and §9), by the share of the total still
 * available: critical at 0% (100% used), danger at 10% or less (90% used), warning at 30% or
 * less (70% used), normal otherwise; 100% is normal.
 */
export const CREDIT_STATUS_LEVELS = ['critical', 'danger', 'warning', 'normal'] as const;
/** Exported as a zod enum and type from schemas.ts. */
type CreditStatusLevel = (typeof CREDIT_STATUS_LEVELS)[number];

/** Integer arithmetic, so 10% of 15,000 is exactly 1,500 with no floating-point edge. */
export function creditStatusLevel(credits: { available: number; total: number }): CreditStatusLevel {
  const { available, total } = credits;
  if (available <= 0 || total <= 0) return 'critical';
  if (available * 10 <= total) return 'danger';
  if (available * 10 <= total * 3) return 'warning';
  return 'normal';
}

/** Banner texts of settings.md §4. */
export const CREDIT_BANNERS = {
  warning: 'Your team has used 70% of the available credits',
  danger: 'Your team has used 90% of the available credits',
} as const;

/** The banner for a level: the 70% text at warning, the 90% text at danger and critical, none when normal. */
export function creditBanner(level: CreditStatusLevel): string | null {
  if (level === 'normal') return null;
  return level === 'warning' ? CREDIT_BANNERS.warning : CREDIT_BANNERS.danger;
}

/** Mantine colours of the levels (progress bar, badge, banner). */
export const CREDIT_LEVEL_COLORS: Record<CreditStatusLevel, string> = {
  critical: 'red',
  danger: 'red',
  warning: 'yellow',
  normal: 'teal',
};

/** 'Buy More' shows only to the team owner, and only when 10% or less of the credits remain. */
export function showBuyMore(credits: { available: number; total: number }, permission: string): boolean {
  const level = creditStatusLevel(credits);
  return permission === 'TEAM_OWNER' && (level === 'danger' || level === 'critical');
}
