import { Stack, Switch, Text } from '@mantine/core';
import { PostalAddressNotice } from './PostalAddressNotice';

export type SendingOptionsValue = { useLeadTimezone: boolean; trackOpens: boolean; trackClicks: boolean; unsubscribeFooter: boolean };
export const DEFAULT_SENDING_OPTIONS: SendingOptionsValue = { useLeadTimezone: false, trackOpens: false, trackClicks: false, unsubscribeFooter: true };

const SWITCHES: Array<[keyof SendingOptionsValue, string, string]> = [
  ['useLeadTimezone', "Send in each lead's time zone", "Where a lead's location gives one; the others get the campaign's time zone"],
  ['trackOpens', 'Track opens', 'A tiny image in each email counts who opened it'],
  ['trackClicks', 'Track clicks', 'Links go through a signed redirect that counts clicks'],
  ['unsubscribeFooter', 'Unsubscribe link in the footer', 'Every email carries a one-click List-Unsubscribe header either way'],
];

/** The campaign's sending options: lead time zones, tracking (off by default), the footer; and a notice when the team has no postal address. */
export function SendingOptions({ value, onChange }: { value: SendingOptionsValue; onChange: (value: SendingOptionsValue) => void }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Sending options
      </Text>
      {SWITCHES.map(([key, label, description]) => (
        <Switch key={key} label={label} description={description} checked={value[key]} onChange={(e) => onChange({ ...value, [key]: e.currentTarget.checked })} />
      ))}
      <PostalAddressNotice />
    </Stack>
  );
}
