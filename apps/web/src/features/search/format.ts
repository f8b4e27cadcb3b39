import { displayCase } from '@leadline/shared';

/** The database stores names and places lowercase, as PDL does: shown by the one display rule, '—' when missing. */
export function display(value: string | null | undefined): string {
  return displayCase(value) || '—';
}

/** A link target for a bare PDL URL such as 'linkedin.com/in/jane-doe'. */
export function externalUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** '$1M – $10M', '$10B+' for an open top, '—' when unknown. */
export function revenueRange(lower: number | null, higher: number | null): string {
  if (lower === null && higher === null) return '—';
  if (higher === null) return `${usd.format(lower ?? 0)}+`;
  return `${usd.format(lower ?? 0)} – ${usd.format(higher)}`;
}

export function count(value: number | null): string {
  return value === null ? '—' : value.toLocaleString('en-US');
}

/** '1 result', '2,431 results', '10,000+ results' when counting stopped early. */
export function resultsTotal(total: number, lowerBound: boolean): string {
  const figure = `${total.toLocaleString('en-US')}${lowerBound ? '+' : ''}`;
  return `${figure} ${total === 1 && !lowerBound ? 'result' : 'results'}`;
}
