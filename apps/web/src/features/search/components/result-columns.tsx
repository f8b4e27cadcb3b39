import { channelState, prospectCanBeEnriched, type CompanyResult, type Prospect } from '@leadline/shared';
import { ActionIcon, Anchor, Box, Checkbox, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAt, IconBrandLinkedin, IconMail, IconPhone } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { ContactValues } from '../../enrichment/components/ContactValues';
import { EnrichRowMenu } from '../../enrichment/components/EnrichMenu';
import { count, display, externalUrl, revenueRange } from '../format';

const person = createColumnHelper<Prospect>();

function Website({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <Anchor href={externalUrl(url)} target="_blank" rel="noreferrer" size="xs" c="dimmed" truncate maw={200} display="block">
      {url}
    </Anchor>
  );
}

const CHANNELS = [
  { key: 'hasWorkEmail', label: 'Work email', icon: IconMail },
  { key: 'hasPersonalEmails', label: 'Personal email', icon: IconAt },
  { key: 'hasMobilePhone', label: 'Mobile phone', icon: IconPhone },
] as const;

/** Enrichment ran for this person: found values or a remembered miss. */
const enriched = (p: Prospect) =>
  channelState(p.lastEmailEnrichment, p.emails.length) !== 'none' || channelState(p.lastPhoneEnrichment, p.phones.length) !== 'none';

/** Enriched details (or a remembered miss) when there are some, else which channels enrichment would reveal. */
function ContactChannels({ prospect: p }: { prospect: Prospect }) {
  if (enriched(p)) {
    return (
      <Stack gap={4}>
        <ContactValues kind="email" emails={p.emails} primary={p.primaryEmail} lastEnrichment={p.lastEmailEnrichment} contactId={p.contact} isCustom={false} />
        <ContactValues kind="phone" phones={p.phones} primary={p.primaryPhone} lastEnrichment={p.lastPhoneEnrichment} contactId={p.contact} isCustom={false} />
      </Stack>
    );
  }
  const available = CHANNELS.filter((channel) => p[channel.key]);
  if (available.length === 0) {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        None on file
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" aria-label={`On file: ${available.map((c) => c.label.toLowerCase()).join(', ')}`} role="img">
      {available.map((channel) => (
        <Tooltip key={channel.key} label={`${channel.label} on file: enrich to reveal`} withArrow>
          <ThemeIcon size="sm" variant="light" color="gray" radius="xl">
            <channel.icon size={13} stroke={1.8} />
          </ThemeIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

/** One line of plain text, cut with an ellipsis; the whole value shows on hover. */
function Cell({ value, maw }: { value: string | null | undefined; maw: number }) {
  const text = display(value);
  return (
    <Text size="sm" truncate maw={maw} title={text}>
      {text}
    </Text>
  );
}

// Laid out against Apollo's people table: selection and name pinned on the left, the contact
// column right after the name, one line per value so a page of 25 fits the screen, long values
// cut with the whole value on hover.
export const PEOPLE_COLUMNS = [
  person.display({
    id: 'select',
    size: 40,
    meta: { pinned: true },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all prospects on this page"
        size="xs"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${display(row.original.full_name)}`}
        size="xs"
        mt={3}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  }),
  person.accessor('full_name', {
    header: 'Name',
    size: 200,
    meta: { pinned: true },
    cell: ({ row: { original: p } }) => (
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600} truncate title={display(p.full_name)}>
          {display(p.full_name)}
        </Text>
        {p.linkedin_url && (
          <ActionIcon
            component="a"
            href={externalUrl(p.linkedin_url)}
            target="_blank"
            rel="noreferrer"
            size="sm"
            variant="subtle"
            color="blue"
            aria-label={`LinkedIn profile of ${display(p.full_name)}`}
          >
            <IconBrandLinkedin size={16} />
          </ActionIcon>
        )}
      </Group>
    ),
  }),
  // Right after the name, with its Enrich action in the cell (as Apollo's people table does):
  // what enrichment finds is in sight without scrolling sideways, even beside both panels.
  person.display({
    id: 'contact',
    header: 'Contact',
    size: 250,
    cell: ({ row: { original: p } }) => {
      const enrich = <EnrichRowMenu input={{ contactId: p._id }} name={display(p.full_name)} enrichable={prospectCanBeEnriched(p)} />;
      // Found values take the column's width, so the action goes below them; before that, the
      // action and the channel icons share one line, so the row is as short as the others. The
      // action comes first either way, so it sits at the same place in every row.
      return enriched(p) ? (
        <Stack gap={6} align="flex-start">
          <ContactChannels prospect={p} />
          {enrich}
        </Stack>
      ) : (
        <Group gap={10} wrap="nowrap">
          <Box style={{ flexShrink: 0 }}>{enrich}</Box>
          <ContactChannels prospect={p} />
        </Group>
      );
    },
  }),
  person.accessor('job_title', { header: 'Title', cell: ({ getValue }) => <Cell value={getValue()} maw={220} /> }),
  person.accessor('job_company_name', {
    header: 'Company',
    cell: ({ row: { original: p } }) => (
      <div>
        <Cell value={p.job_company_name} maw={200} />
        <Website url={p.job_company_website} />
      </div>
    ),
  }),
  person.accessor('location_name', { header: 'Location', cell: ({ getValue }) => <Cell value={getValue()} maw={200} /> }),
  person.accessor('industry', { header: 'Industry', cell: ({ getValue }) => <Cell value={getValue()} maw={180} /> }),
];

const company = createColumnHelper<CompanyResult>();

/** Spec §2: exactly these five columns, after the selection checkbox. */
export const COMPANY_COLUMNS = [
  company.display({
    id: 'select',
    size: 32,
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all companies on this page"
        size="xs"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox aria-label={`Select ${display(row.original.name)}`} size="xs" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
    ),
  }),
  company.accessor('name', {
    header: 'Name',
    cell: ({ row: { original: c } }) => (
      <div>
        <Text size="sm" fw={600}>
          {display(c.name)}
        </Text>
        {/* Narrower than a person's company website: the five company columns share a narrow pane. */}
        {c.domain && (
          <Anchor href={externalUrl(c.domain)} target="_blank" rel="noreferrer" size="xs" c="dimmed" truncate maw={110} display="block">
            {c.domain}
          </Anchor>
        )}
      </div>
    ),
  }),
  company.accessor('industry', { header: 'Industry', cell: ({ getValue }) => <Text size="sm">{display(getValue())}</Text> }),
  company.display({
    id: 'revenue',
    header: 'Revenue Range',
    cell: ({ row: { original: c } }) => (
      <Text size="sm">{revenueRange(c.estimatedRevenueLowerBoundUSD, c.estimatedRevenueHigherBoundUSD)}</Text>
    ),
  }),
  company.accessor('headQuartersCountry', { header: 'Country', cell: ({ getValue }) => <Text size="sm">{display(getValue())}</Text> }),
  company.accessor('linkedInHeadCount', { header: 'Headcount', cell: ({ getValue }) => <Text size="sm">{count(getValue())}</Text> }),
];
