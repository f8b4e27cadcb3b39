import type { LoginBody, MeResponse, SignupBody, SignupPendingResponse, VerifyEmailResponse } from '@leadline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { meQueryKey } from '../../lib/query-client';

/** The signed-in user, or null when signed out (the API answers 401). */
async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await api.get<MeResponse>('/api/cookies/me');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe });
}

/** The signed-in user inside the app shell, where a session is guaranteed. */
export function useCurrentUser(): MeResponse {
  const { data } = useMe();
  if (!data) throw new Error('useCurrentUser needs a signed-in user: render it inside RequireSession.');
  return data;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<MeResponse>('/api/auth/login', body),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
    meta: { handlesErrors: true },
  });
}

/** Signed in (the user), or told to confirm the address first when the server verifies addresses. */
export type SignupAnswer = MeResponse | SignupPendingResponse;
export const isPendingSignup = (answer: SignupAnswer): answer is SignupPendingResponse => 'data' in answer;

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => api.post<SignupAnswer>('/api/auth/signup', body),
    onSuccess: (answer) => {
      if (!isPendingSignup(answer)) queryClient.setQueryData(meQueryKey, answer);
    },
    meta: { handlesErrors: true },
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => api.post<VerifyEmailResponse>('/api/auth/verify-email', { token }),
    meta: { handlesErrors: true },
  });
}

export function useSignOut() {
  return useMutation({
    mutationFn: () => api.delete<void>('/api/cookies/me'),
    // A full reload drops every cached answer of the previous user.
    onSuccess: () => window.location.reload(),
  });
}
