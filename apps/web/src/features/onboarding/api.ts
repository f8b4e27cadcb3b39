import type { AllowedDomainsResponse, MeResponse, OnboardBody, OnboardingStateResponse, OnboardResponse, OnboardingStep } from '@leadline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { meQueryKey } from '../../lib/query-client';

export const onboardingKeys = { state: ['onboarding', 'state'] as const, billing: ['onboarding', 'billing'] as const };

/** The step, the recorded knowledge profile, the allowed domains and the script tag. */
export function useOnboardingState() {
  return useQuery({ queryKey: onboardingKeys.state, queryFn: () => api.get<OnboardingStateResponse>('/api/v1/onboarding').then((a) => a.data) });
}

/** The company step: the server names the team, records the knowledge profile and moves the step on. */
export function useOnboardCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardBody) => api.post<OnboardResponse>('/onboard', body).then((a) => a.data),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: meQueryKey }), queryClient.invalidateQueries({ queryKey: onboardingKeys.state })]),
    meta: { handlesErrors: true },
  });
}

/** Saves the onboarding step (the server keeps it only when it moves the user forward). */
export function useSaveOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (onboardingStep: OnboardingStep) => api.put<MeResponse>('/userInfo', { onboardingStep }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
    meta: { handlesErrors: true },
  });
}

/** Replaces the team's allowed domains for website visitor tracking. */
export function useSaveAllowedDomains() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domains: string[]) => api.put<AllowedDomainsResponse>('/ip-addresses', { domain: domains }).then((a) => a.data),
    onSuccess: (allowedDomains) =>
      queryClient.setQueryData<OnboardingStateResponse['data']>(onboardingKeys.state, (state) => (state ? { ...state, allowedDomains } : state)),
    meta: { handlesErrors: true },
  });
}

/**
 * Whether this server sells plans: the billing feature's config says so (tariffs are listed even
 * with billing off); any failure (no billing on this server) means the trial.
 */
export function useBillingAvailable() {
  return useQuery({
    queryKey: onboardingKeys.billing,
    queryFn: () => api.get<{ data?: { enabled?: boolean } }>('/billing/config').then((a) => a.data?.enabled === true),
    retry: false,
    meta: { handlesErrors: true },
  });
}
