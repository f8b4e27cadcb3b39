import type { MeResponse, ToursResponse } from '@leadline/shared';
import { Menu } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { meQueryKey } from '../../../lib/query-client';

/** The user menu's "Replay tours": clears the completed tours, so each screen's tour runs again. */
export function ReplayToursItem() {
  const queryClient = useQueryClient();
  const replay = useMutation({
    mutationFn: () => api.delete<ToursResponse>('/api/v1/onboarding/tours'),
    onSuccess: () => {
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? { ...me, user: { ...me.user, completedOnboardingTours: [] } } : me));
      notify.success('Tours will play again on each screen.');
    },
  });
  return (
    <Menu.Item leftSection={<IconRoute size={16} stroke={1.7} />} onClick={() => replay.mutate()}>
      Replay tours
    </Menu.Item>
  );
}
