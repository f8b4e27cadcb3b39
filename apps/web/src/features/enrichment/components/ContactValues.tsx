import { channelState, EMAIL_STATUS_LABELS, emailStatusDisplay, ENRICHMENT_MESSAGES, phoneStatusDisplay, type ProspectEmail, type ProspectPhone } from '@leadline/shared';
import { ActionIcon, Badge, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconDots, IconMail, IconPhone } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';
import { useSetPrimary } from '../api';

const STATUS_COLORS = { verified: 'teal', do_not_email: 'red', risky: 'yellow' } as const;

type Item = { value: string; badge: string; color: string; source: string | undefined };

const emailItem = (e: ProspectEmail): Item => {
  const display = emailStatusDisplay(e.status);
  return { value: e.email, badge: EMAIL_STATUS_LABELS[display], color: STATUS_COLORS[display], source: e.source };
};
const phoneItem = (p: ProspectPhone): Item => {
  const valid = phoneStatusDisplay(p.status) === 'valid';
  return { value: p.phoneNumber, badge: valid ? 'Valid' : 'Other', color: valid ? 'teal' : 'gray', source: p.source };
};

export type ContactValuesProps = {
  kind: 'email' | 'phone';
  emails?: ProspectEmail[];
  phones?: ProspectPhone[];
  primary: string | null;
  lastEnrichment: string | null;
  /** The team contact, when there is one: then another value can be made primary. */
  contactId: string | null;
  isCustom: boolean;
  /** Shown when there is no value and no remembered miss. */
  empty?: React.ReactNode;
};

/**
 * A contact's emails or phones (spec §4): the primary first, each with its status; another one
 * can be made primary; 'No emails found' / 'No phone numbers found' when an enrichment in the
 * last 90 days found none.
 */
export function ContactValues({ kind, emails = [], phones = [], primary, lastEnrichment, contactId, isCustom, empty }: ContactValuesProps) {
  const setPrimary = useSetPrimary();
  const items = kind === 'email' ? emails.map(emailItem) : phones.map(phoneItem);
  const state = channelState(lastEnrichment, items.length);
  if (state === 'not_found') {
    return (
      <Text size="xs" c="dimmed">
        {kind === 'email' ? ENRICHMENT_MESSAGES.noEmails : ENRICHMENT_MESSAGES.noPhones}
      </Text>
    );
  }
  if (items.length === 0) return <>{empty ?? null}</>;
  const shown = primary ?? items[0]!.value;
  const ordered = [...items].sort((a, b) => Number(b.value === shown) - Number(a.value === shown));
  const Icon = kind === 'email' ? IconMail : IconPhone;
  const makePrimary = (value: string) => {
    if (!contactId) return;
    setPrimary.mutate(
      { contactId, isCustom, value: kind === 'email' ? { primaryEmail: value } : { primaryPhone: value } },
      { onError: () => notify.error(`The ${kind} could not be made primary. Please try again later!`) },
    );
  };
  return (
    <Stack gap={2}>
      {ordered.map((item) => (
        <Group key={item.value} gap={4} wrap="nowrap">
          <Icon size={14} aria-hidden />
          <Text size="xs" style={{ whiteSpace: 'nowrap' }} fw={item.value === shown ? 600 : undefined}>
            {item.value}
          </Text>
          <Tooltip label={item.source ? `Found by ${item.source.replaceAll('_', ' ')}` : 'From your file'} withArrow>
            <Badge size="xs" variant="light" color={item.color}>
              {item.badge}
            </Badge>
          </Tooltip>
          {items.length > 1 && item.value === shown && (
            <Badge size="xs" variant="outline">
              Primary
            </Badge>
          )}
          {contactId && item.value !== shown && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon size="xs" variant="subtle" color="gray" aria-label={`Options for ${item.value}`}>
                  <IconDots size={12} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => makePrimary(item.value)}>Make primary</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      ))}
    </Stack>
  );
}
