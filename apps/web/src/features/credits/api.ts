import { type CreditsInfoResponse } from '@leadline/shared';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';

export const creditsKeys = {
  info: ['credits', 'info'] as const,
};

const CREDITS_INFO_ERROR = 'There was an error fetching your credits info. Please try again later!';

/** The team's credits for the current period (footer, credits card, banners). */
export function useCreditsInfo() {
  return useQuery({
    queryKey: creditsKeys.info,
    queryFn: () => api.get<CreditsInfoResponse>('/analytics/getCreditsInfo'),
    select: (answer) => answer.data,
    staleTime: 30_000,
    refetchInterval: 60_000,
    meta: { errorMessage: CREDITS_INFO_ERROR },
  });
}

/** Spending happens in other features' requests: when those settle, the balance is fetched again. */
export function useRefreshCreditsAfter(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey });
  const was = useRef(fetching);
  useEffect(() => {
    if (was.current > 0 && fetching === 0) void queryClient.invalidateQueries({ queryKey: ['credits'] });
    was.current = fetching;
  }, [fetching, queryClient]);
}
