import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper } from '@mantine/core';
import type { CampaignStepDto } from '@leadline/shared/campaigns/index';

const SERIES = [
  { name: 'Sent', key: 'sent', color: 'blue.6' },
  { name: 'Opened', key: 'opened', color: 'cyan.6' },
  { name: 'Clicked', key: 'clicked', color: 'indigo.5' },
  { name: 'Replied', key: 'replied', color: 'teal.6' },
  { name: 'Bounced', key: 'bounced', color: 'red.6' },
  { name: 'Unsubscribed', key: 'unsubscribed', color: 'gray.6' },
] as const;

const funnelOrder = (item: { value?: unknown }) => SERIES.findIndex((m) => m.name === item.value);

/** The per-step funnel as grouped bars: one group per step, one bar per outcome; the legend in funnel order (recharts sorts it by name otherwise). */
export function StepChart({ steps }: { steps: CampaignStepDto[] }) {
  const data = steps.map((s) => ({ step: `Step ${s.position + 1}`, ...Object.fromEntries(SERIES.map((m) => [m.name, s.counts[m.key]])) }));
  return (
    <Paper withBorder p="md" aria-label="Funnel chart">
      <BarChart h={260} data={data} dataKey="step" series={SERIES.map(({ name, color }) => ({ name, color }))} withLegend legendProps={{ itemSorter: funnelOrder }} tickLine="y" gridAxis="y" yAxisProps={{ allowDecimals: false }} />
    </Paper>
  );
}
