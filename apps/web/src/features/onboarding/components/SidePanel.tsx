import { planName, TRIAL_DAYS } from '@leadline/shared';
import { Box, Stack, Text, Title } from '@mantine/core';
import { BrandMark } from '../../../components/BrandMark';
import { useCurrentUser } from '../../auth/api';
import { ContactSales } from '../../billing/components/ContactSales';
import { useOnboardingState } from '../api';
import { PlanComparison } from './PlanComparison';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The onboarding side panel: welcome with the user's name, the trial, plan credits, contact sales. */
export function SidePanel() {
  const { user, subscriptionInfo } = useCurrentUser();
  const state = useOnboardingState();
  return (
    <Stack gap="lg">
      <Box w="fit-content">
        <BrandMark />
      </Box>
      <div>
        <Title order={1} size="h2">
          Welcome, {user.name}
        </Title>
        <Text c="dimmed" mt={6}>
          A few steps set up your workspace: your company, the tools you use, and website tracking. You can change all of it later in Settings.
        </Text>
      </div>
      {subscriptionInfo?.status === 'trialing' && (
        <Text size="sm">
          You are on the {TRIAL_DAYS}-day {planName(subscriptionInfo.plan)} free trial, until {dateFormat.format(new Date(subscriptionInfo.renewal_date))}.
        </Text>
      )}
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          What each plan includes
        </Text>
        <PlanComparison />
      </Stack>
      <Text size="sm" c="dimmed">
        Need more credits or seats? The Growth plan is made to measure.{' '}
        <ContactSales url={state.data?.contactSalesUrl} />
      </Text>
    </Stack>
  );
}
