import { CREDIT_LEVEL_COLORS, creditBanner } from '@leadline/shared';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCreditsInfo } from '../api';

/** Settings §4: 'Your team has used 70% / 90% of the available credits', shown across the app. */
export function CreditsBanner() {
  const { data: credits } = useCreditsInfo();
  const text = credits ? creditBanner(credits.level) : null;
  if (!credits || !text) return null;
  return (
    <Alert role="status" color={CREDIT_LEVEL_COLORS[credits.level]} variant="light" icon={<IconAlertTriangle size={18} />} mb="md" data-level={credits.level}>
      {text}
    </Alert>
  );
}
