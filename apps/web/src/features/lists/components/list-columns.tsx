import { canEnrich, displayCase, type ListCompanyDto, type ListContactDto, type ListContentSortBy, type ListContentsResponse, type ListExtraColumnDto } from '@leadline/shared';
import { ActionIcon, Anchor, Badge, Checkbox, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconBrandLinkedin } from '@tabler/icons-react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { ContactValues } from '../../enrichment/components/ContactValues';
import { EnrichRowMenu } from '../../enrichment/components/EnrichMenu';
import { count, externalUrl, revenueRange } from '../../search/format';
import { formatDate } from './format';

/** Table column id → the server's sort key (spec §2: companyName is sent as `company.name`). */
export const SORT_KEYS: Record<string, ListContentSortBy> = {
  name: 'name',
  jobTitle: 'jobTitle',
  companyName: 'company.name',
  email: 'email',
  country: 'country',
  addedAt: 'addedAt',
};

/** A stored value by the one display rule (Title Case for PDL's lower case), '—' when missing. */
const text = (value: string | null | undefined) => displayCase(value) || '—';

const Dash = () => (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

/** The rows chosen on any page, by id; `custom` tells contacts from uploads apart. */
export type Selection = Record<string, { custom: boolean }>;

export type SelectionControls<Row> = {
  selection: Selection;
  rows: Row[];
  idOf: (row: Row) => string;
  customOf: (row: Row) => boolean;
  nameOf: (row: Row) => string;
  onChange: (next: Selection) => void;
};

/** A checkbox column kept outside the table's state, so the selection outlives the page on screen. */
function selectColumn<Row>(controls: SelectionControls<Row>): ColumnDef<Row, unknown> {
  const { selection, rows, idOf, customOf, nameOf, onChange } = controls;
  const onPage = rows.filter((row) => selection[idOf(row)]).length;
  const toggle = (row: Row, checked: boolean) => {
    const { [idOf(row)]: _dropped, ...others } = selection;
    onChange(checked ? { ...others, [idOf(row)]: { custom: customOf(row) } } : others);
  };
  return {
    id: 'select',
    size: 40,
    enableSorting: false,
    header: () => (
      <Checkbox
        aria-label="Select all rows on this page"
        size="xs"
        checked={rows.length > 0 && onPage === rows.length}
        indeterminate={onPage > 0 && onPage < rows.length}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          const next = { ...selection };
          for (const row of rows) {
            if (checked) next[idOf(row)] = { custom: customOf(row) };
            else delete next[idOf(row)];
          }
          onChange(next);
        }}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${nameOf(row.original)}`}
        size="xs"
        checked={selection[idOf(row.original)] !== undefined}
        onChange={(event) => toggle(row.original, event.currentTarget.checked)}
      />
    ),
  };
}

/** Spec §2: a CRM error shows a disabled icon whose tooltip says what went wrong. */
function CrmError({ error }: { error: string }) {
  return (
    <Tooltip label={`CRM Error: ${error}`} withArrow multiline maw={320}>
      {/* aria-disabled, not disabled: a disabled button gets no hover, so no tooltip. */}
      <ActionIcon
        size="sm"
        variant="subtle"
        color="red"
        data-disabled
        aria-disabled="true"
        aria-label={`CRM Error: ${error}`}
        onClick={(event) => event.preventDefault()}
      >
        <IconAlertTriangle size={15} />
      </ActionIcon>
    </Tooltip>
  );
}

const contact = createColumnHelper<ListContactDto>();

/** The list's extra columns (research agents' answers) and this page's cells: contact id → column key → value. */
export type ExtraColumns = { columns: ListExtraColumnDto[]; cells: ListContentsResponse['data']['cells'] };

/** An agent's column: its name, cut to fit; the question it answers on hover or focus. */
function ExtraHeader({ column }: { column: ListExtraColumnDto }) {
  return (
    <Tooltip label={`${column.title}: ${column.description}`} withArrow multiline maw={360}>
      <Text size="sm" fw={600} truncate="end" maw={200} tabIndex={0}>
        {column.title}
      </Text>
    </Tooltip>
  );
}

/** An answer kept to three lines; the whole answer on hover or focus. Empty until the agent answers. */
function ExtraCell({ value }: { value: string | undefined }) {
  if (!value) return <Dash />;
  return (
    <Tooltip label={value} withArrow multiline maw={420} openDelay={150}>
      <Text size="sm" lineClamp={3} w={240} tabIndex={0} style={{ whiteSpace: 'pre-line' }}>
        {value}
      </Text>
    </Tooltip>
  );
}

function extraColumns({ columns, cells }: ExtraColumns): ColumnDef<ListContactDto, any>[] {
  return columns.map((column) =>
    contact.display({
      id: `extra:${column.key}`,
      enableSorting: false,
      header: () => <ExtraHeader column={column} />,
      cell: ({ row: { original: c } }) => <ExtraCell value={cells[c._id]?.[column.key]} />,
    }),
  );
}
export const contactName = (c: ListContactDto) => displayCase(c.fullName ?? [c.firstName, c.lastName].filter(Boolean).join(' ')) || 'Unnamed';

export function contactColumns(controls: SelectionControls<ListContactDto>, extra: ExtraColumns = { columns: [], cells: {} }): ColumnDef<ListContactDto, any>[] {
  return [
    selectColumn(controls),
    contact.accessor((c) => contactName(c), {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: c } }) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {contactName(c)}
          </Text>
          {c.linkedIn && (
            <ActionIcon
              component="a"
              href={externalUrl(c.linkedIn)}
              target="_blank"
              rel="noreferrer"
              size="sm"
              variant="subtle"
              color="blue"
              aria-label={`LinkedIn profile of ${contactName(c)}`}
            >
              <IconBrandLinkedin size={16} />
            </ActionIcon>
          )}
          {c.crmData?.error && <CrmError error={c.crmData.error} />}
          {!c.crmData?.error && c.crmData?.crmUrl && (
            <Tooltip label={`Open in ${c.crmData.crmName}`} withArrow>
              <ActionIcon component="a" href={c.crmData.crmUrl} target="_blank" rel="noreferrer" size="sm" variant="subtle" color="teal" aria-label={`Open ${contactName(c)} in ${c.crmData.crmName}`}>
                <IconCloudCheck size={15} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    }),
    // Found emails and phones come right after the name: in sight without scrolling sideways.
    contact.accessor((c) => c.primaryEmail, {
      id: 'email',
      header: 'Emails',
      cell: ({ row: { original: c } }) => (
        <ContactValues kind="email" emails={c.emails} primary={c.primaryEmail} lastEnrichment={c.lastEmailEnrichment} contactId={c._id} isCustom={c.isCustom} empty={<Dash />} />
      ),
    }),
    contact.display({
      id: 'phones',
      header: 'Phones',
      cell: ({ row: { original: c } }) => (
        <ContactValues kind="phone" phones={c.phones} primary={c.primaryPhone} lastEnrichment={c.lastPhoneEnrichment} contactId={c._id} isCustom={c.isCustom} empty={<Dash />} />
      ),
    }),
    contact.accessor('jobTitle', { id: 'jobTitle', header: 'Title', cell: ({ getValue }) => <Text size="sm">{text(getValue())}</Text> }),
    contact.accessor((c) => c.company.name, {
      id: 'companyName',
      header: 'Company',
      cell: ({ row: { original: c } }) => (
        <div>
          <Text size="sm">{text(c.company.name)}</Text>
          {c.company.domain && (
            <Anchor href={externalUrl(c.company.domain)} target="_blank" rel="noreferrer" size="xs" c="dimmed">
              {c.company.domain}
            </Anchor>
          )}
        </div>
      ),
    }),
    contact.accessor((c) => c.address.country, {
      id: 'country',
      header: 'Location',
      cell: ({ row: { original: c } }) => (
        <Text size="sm">{text([c.address.city, c.address.state, c.address.country].filter(Boolean).join(', '))}</Text>
      ),
    }),
    ...extraColumns(extra),
    contact.accessor('addedAt', { id: 'addedAt', header: 'Added', cell: ({ getValue }) => <Text size="sm">{formatDate(getValue())}</Text> }),
    contact.display({
      id: 'enrich',
      enableSorting: false,
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row: { original: c } }) => (
        <EnrichRowMenu
          input={{ customContactId: c._id }}
          name={contactName(c)}
          enrichable={canEnrich({ linkedinUrl: c.linkedIn, fullName: c.fullName, companyName: c.company.name })}
        />
      ),
    }),
  ];
}

const company = createColumnHelper<ListCompanyDto>();
/** A company list keeps an uploaded name the company database does not hold. */
const NOT_FOUND_HINT = 'Not in the company database yet: kept from your upload, to be enriched later.';

export function companyColumns(controls: SelectionControls<ListCompanyDto>): ColumnDef<ListCompanyDto, any>[] {
  return [
    selectColumn(controls),
    company.accessor('name', {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: c } }) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {text(c.name)}
            </Text>
            {c.notFound && (
              <Tooltip label={NOT_FOUND_HINT} withArrow>
                <Badge size="xs" variant="light" color="gray" radius="sm">
                  Not found
                </Badge>
              </Tooltip>
            )}
          </Group>
          {c.domain && (
            <Anchor href={externalUrl(c.domain)} target="_blank" rel="noreferrer" size="xs" c="dimmed">
              {c.domain}
            </Anchor>
          )}
        </Stack>
      ),
    }),
    company.display({ id: 'industry', header: 'Industry', cell: ({ row }) => <Text size="sm">{text(row.original.industry)}</Text> }),
    company.display({
      id: 'revenue',
      header: 'Revenue Range',
      cell: ({ row: { original: c } }) => <Text size="sm">{revenueRange(c.estimatedRevenueLowerBoundUSD, c.estimatedRevenueHigherBoundUSD)}</Text>,
    }),
    company.display({ id: 'hq', header: 'Country', cell: ({ row }) => <Text size="sm">{text(row.original.headQuartersCountry)}</Text> }),
    company.display({ id: 'headcount', header: 'Headcount', cell: ({ row }) => <Text size="sm">{count(row.original.linkedInHeadCount)}</Text> }),
    company.accessor('addedAt', { id: 'addedAt', header: 'Added', cell: ({ getValue }) => <Text size="sm">{formatDate(getValue())}</Text> }),
  ];
}
