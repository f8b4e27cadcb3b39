import { Loader, Stack } from '@mantine/core';
import { useCurrentUser } from '../../auth/api';
import { useBillingConfig } from '../api';
import { BillingHistoryCard } from './BillingHistoryCard';
import { BillingOffNotice } from './BillingOffNotice';
import { PaymentMethodsCard } from './PaymentMethodsCard';
import { PlansCard } from './PlansCard';
import { PlanStatusCard } from './PlanStatusCard';

/** The settings "billing" tab (owner only): plan status and cancel, plans, cards and invoices. */
export function BillingTab() {
  const { subscriptionInfo } = useCurrentUser();
  const config = useBillingConfig();
  if (config.isPending) return <Loader size="sm" />;
  const on = Boolean(config.data?.enabled);
  // A plan is bought while on the trial or after a plan ended; a live paid plan is changed through sales.
  const canChoosePlan = on && (!subscriptionInfo || subscriptionInfo.status === 'trialing' || subscriptionInfo.status === 'canceled');

  return (
    <Stack gap="lg" maw={1100}>
      {!on && <BillingOffNotice />}
      {subscriptionInfo && <PlanStatusCard subscription={subscriptionInfo} billingOn={on} />}
      {canChoosePlan && <PlansCard publishableKey={config.data!.publishableKey} contactSalesUrl={config.data!.contactSalesUrl} />}
      {on && <PaymentMethodsCard publishableKey={config.data!.publishableKey} />}
      {on && <BillingHistoryCard />}
    </Stack>
  );
}
