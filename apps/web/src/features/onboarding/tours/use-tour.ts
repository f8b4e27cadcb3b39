import { isOnboarding, type MeResponse, type TourId } from '@leadline/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { meQueryKey } from '../../../lib/query-client';
import { useMe } from '../../auth/api';
import type { TourController } from './run-tour';

/** Lets the screen paint and settle first: the tour library is fetched after that. */
const START_DELAY_MS = 400;

/** Marks the tour completed in the cached user at once, then on the server. */
function recordTour(queryClient: QueryClient, tourId: TourId) {
  queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) =>
    me ? { ...me, user: { ...me.user, completedOnboardingTours: [...new Set([...me.user.completedOnboardingTours, tourId])] } } : me,
  );
  void api.post(`/api/v1/onboarding/tours?tourId=${encodeURIComponent(tourId)}`).catch(() => {
    // Not recorded: the tour simply runs again on the next visit.
  });
}

/**
 * Runs a guided tour on its screen when the user has not completed it (spec/engage.md §4).
 * `ready`: the screen shows what the tour points at. `hasResults` (prospect search): whether
 * results are on screen; the tour waits for them before its results steps and reopens there.
 */
export function useTour(tourId: TourId, options: { ready: boolean; hasResults?: boolean }) {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const controller = useRef<TourController | null>(null);
  const resultsShown = options.hasResults ?? true;
  const hasResults = useRef(resultsShown);
  const user = me?.user;
  const due = !!user && !isOnboarding(user.onboardingStep) && !user.completedOnboardingTours.includes(tourId) && options.ready;

  useEffect(() => {
    if (!due) return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void import('./run-tour').then(({ runTour }) => {
        if (cancelled) return;
        controller.current = runTour(tourId, { onDone: () => recordTour(queryClient, tourId), hasResults: () => hasResults.current });
      });
    }, START_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      controller.current?.stop();
      controller.current = null;
    };
  }, [due, tourId, queryClient]);

  useEffect(() => {
    hasResults.current = resultsShown;
    if (resultsShown) controller.current?.resume();
  }, [resultsShown]);
}
