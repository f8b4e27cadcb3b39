import { COMPLIANCE_MESSAGES } from '@leadline/shared/campaigns/tracking';
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { usePostalAddress } from '../../company/api';

/** Says so when the team has no sender postal address yet; it does not block the campaign. */
export function PostalAddressNotice() {
  const address = usePostalAddress();
  if (address.data !== null) return null;
  return (
    <Alert color="yellow" title="No sender postal address">
      {COMPLIANCE_MESSAGES.noPostalAddress}{' '}
      <Anchor component={Link} to="/settings?tab=company">
        Add it in Settings → Company
      </Anchor>
    </Alert>
  );
}
