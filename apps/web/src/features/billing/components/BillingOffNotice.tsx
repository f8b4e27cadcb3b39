import { BILLING_MESSAGES } from '@leadline/shared/billing/schemas';
import { Alert, Code } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

const [LEAD, COMMAND] = BILLING_MESSAGES.notConfigured.split('`');

/** Billing without a Stripe key: the message, with the command set as code. */
export function BillingOffNotice() {
  return (
    <Alert color="gray" icon={<IconInfoCircle size={18} />} role="status" aria-label="Billing is not configured">
      {LEAD}
      <Code>{COMMAND}</Code>
    </Alert>
  );
}
