import { Chip, Group, MultiSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';

const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const listedZones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
// The list leaves out some names a browser may report (UTC): keep the browser's own.
const zonesWith = (zone: string) => (listedZones.includes(zone) ? listedZones : [zone, ...listedZones]);

/** Who sends a campaign and when: senders, time zone, sending days (0 = Sunday, as strings), window and daily limit. */
export type SenderSchedule = { mailboxes: string[]; timezone: string; days: string[]; start: string; end: string; dailyLimit: number };

/** The form fields of a campaign's senders and schedule: the new-campaign form's, and the details page's settings. */
export function SenderScheduleFields({ value, onChange, mailboxes }: { value: SenderSchedule; onChange: (value: SenderSchedule) => void; mailboxes: string[] }) {
  const set = <K extends keyof SenderSchedule>(key: K, next: SenderSchedule[K]) => onChange({ ...value, [key]: next });
  return (
    <Stack>
      <MultiSelect label="Send from" required searchable data={mailboxes} value={value.mailboxes} onChange={(v) => set('mailboxes', v)} nothingFoundMessage="Connect a mailbox in Inbox first" />
      <Select label="Time zone" searchable data={zonesWith(value.timezone)} value={value.timezone} onChange={(v) => v && set('timezone', v)} allowDeselect={false} />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Sending days
        </Text>
        <Chip.Group multiple value={value.days} onChange={(v) => set('days', v)}>
          <Group gap={4}>
            {DAY_LABELS.map((label, i) => (
              <Chip key={label} value={String(i)} size="xs">
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <Group grow>
        <TextInput type="time" label="From" value={value.start} onChange={(e) => set('start', e.currentTarget.value)} />
        <TextInput type="time" label="To" value={value.end} onChange={(e) => set('end', e.currentTarget.value)} />
        <NumberInput label="Emails per day" min={1} max={10000} value={value.dailyLimit} onChange={(v) => set('dailyLimit', Number(v) || 1)} />
      </Group>
    </Stack>
  );
}
