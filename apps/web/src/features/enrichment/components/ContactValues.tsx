import {
  channelState,
  EMAIL_STATUS_LABELS,
  emailStatusDisplay,
  ENRICHMENT_MESSAGES,
  needsVerification,
  phoneStatusDisplay,
  type ProspectEmail,
  type ProspectPhone,
} from '@leadline/shared';
import { ActionIcon, Badge, CopyButton, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDots, IconMail, IconPhone } from '@tabler/icons-react';
import { notify } from '../../../lib/notify';
import { VerifyEmailButton } from '../../email-verification/components/VerifyEmailButton';
import { useSetPrimary } from '../api';

export const COPIED_MESSAGE = 'Copied to clipboard!';

/** Copies one email or phone; says so in a toast, as the value may be out of the pointer's sight. */
function CopyValue({ value }: { value: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
          <ActionIcon
            size="xs"
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            aria-label={`Copy ${value}`}
            onClick={() => {
              copy();
              notify.success(COPIED_MESSAGE);
            }}
          >
            {copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

const STATUS_COLORS = { verified: 'teal', do_not_email: 'red', risky: 'yellow', unverified: 'gray' } as const;

type Item = { value: string; badge: string; color: string; source: string | undefined; unchecked: boolean };

const emailItem = (e: ProspectEmail): Item => {
  const display = emailStatusDisplay(e.status);
  return { value: e.email, badge: EMAIL_STATUS_LABELS[display], color: STATUS_COLORS[display], source: e.source, unchecked: needsVerification(e) };
};
const phoneItem = (p: ProspectPhone): Item => {
  const valid = phoneStatusDisplay(p.status) === 'valid';
  return { value: p.phoneNumber, badge: valid ? 'Valid' : 'Other', color: valid ? 'teal' : 'gray', source: p.source, unchecked: false };
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
        // Wraps rather than clips: in a narrow column the badges go under the value, whole.
        <Group key={item.value} gap={4} wrap="wrap" data-testid="contact-value">
          <Group gap={4} wrap="nowrap" miw={0}>
            <Icon size={14} aria-hidden style={{ flexShrink: 0 }} />
            {/* `anywhere`, not `break-word`: only it lets a table column narrower than a long address, which then wraps in place of widening the column past the table's visible edge. */}
            <Text size="xs" style={{ overflowWrap: 'anywhere' }} fw={item.value === shown ? 600 : undefined}>
              {item.value}
            </Text>
            <CopyValue value={item.value} />
          </Group>
          <Tooltip label={item.source ? `Found by ${item.source.replaceAll('_', ' ')}` : 'From your file'} withArrow>
            <Badge size="xs" variant="light" color={item.color} style={{ flexShrink: 0, overflow: 'visible' }}>
              {item.badge}
            </Badge>
          </Tooltip>
          {contactId && item.unchecked && <VerifyEmailButton contactId={contactId} email={item.value} />}
          {items.length > 1 && item.value === shown && (
            <Badge size="xs" variant="outline" style={{ flexShrink: 0, overflow: 'visible' }}>
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
