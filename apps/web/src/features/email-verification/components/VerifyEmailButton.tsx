import { EMAIL_VALIDATION_COST } from '@leadline/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useVerifyContact } from '../api';

/** Checks a contact's unverified emails ('email validation', 5 credits each) and says what was found. */
export function VerifyEmailButton({ contactId, email }: { contactId: string; email: string }) {
  const verify = useVerifyContact();
  return (
    <Tooltip label={`Verify email (${EMAIL_VALIDATION_COST} credits)`} withArrow>
      <ActionIcon
        size="xs"
        variant="subtle"
        color="indigo"
        aria-label={`Verify ${email}`}
        loading={verify.isPending}
        onClick={() => verify.mutate({ contactId })}
      >
        <IconMailCheck size={12} />
      </ActionIcon>
    </Tooltip>
  );
}
