import { COMPANY_MESSAGES, type LogoResponse, type MeResponse, type UserInfoBody } from '@leadline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { meQueryKey } from '../../lib/query-client';

/** `PUT /userInfo`: the answer is the signed-in user again, so the shell shows the new name at once. */
export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserInfoBody) => api.put<MeResponse>('/userInfo', body),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
    meta: { handlesErrors: true },
  });
}

async function postLogo(file: File): Promise<LogoResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/user/logo', { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'NETWORK', COMPANY_MESSAGES.updateFailed);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(response.status, body?.error?.code ?? 'UNKNOWN', body?.error?.message ?? COMPANY_MESSAGES.updateFailed);
  }
  return (await response.json()) as LogoResponse;
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
    meta: { handlesErrors: true },
  });
}

const POSTAL_ADDRESS = '/api/v1/company/postal-address';
const postalAddressKey = ['company', 'postal-address'] as const;
type PostalAddressAnswer = { data: { postalAddress: string | null } };

/** The sender postal address campaign emails end with; null when none is set. */
export function usePostalAddress() {
  return useQuery({ queryKey: postalAddressKey, queryFn: () => api.get<PostalAddressAnswer>(POSTAL_ADDRESS), select: (answer) => answer.data.postalAddress });
}

export function useSavePostalAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postalAddress: string) => api.put<PostalAddressAnswer>(POSTAL_ADDRESS, { postalAddress }),
    onSuccess: (answer) => queryClient.setQueryData(postalAddressKey, answer),
    meta: { handlesErrors: true },
  });
}
