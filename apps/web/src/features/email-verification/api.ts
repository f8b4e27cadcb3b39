import {
  MESSAGES,
  VERIFICATION_MESSAGES,
  type Prospect,
  type VerifiedContact,
  type VerifyContactBody,
  type VerifyContactResponse,
  type VerifyListBody,
  type VerifyListResponse,
} from '@leadline/shared';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { createIdempotencyKeys } from '../../lib/idempotency';
import { listsKeys } from '../lists/keys';
import type { SearchPage } from '../search/api';

const BASE = '/api/v1/email-verification';
/** A verification spends credits: each action carries an Idempotency-Key (see lib/idempotency). */
const keys = createIdempotencyKeys();

/** 402 has the spec's message; offline (503) and nothing-to-check (409) carry the server's plain one. */
export function verifyFailure(error: unknown): string {
  if (isApiError(error) && error.status === 402) return MESSAGES.insufficientCredits;
  if (isApiError(error) && (error.status === 503 || error.status === 409)) return error.message;
  return VERIFICATION_MESSAGES.failed;
}

/**
 * Verifies one contact's unchecked emails; the lists and search rows holding it show the
 * verdicts, and a toast says what was found. The toast is the mutation's own: the button that
 * asked disappears once its email is checked.
 */
export function useVerifyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyContactBody) =>
      keys.send(['single', body], (headers) => api.post<VerifyContactResponse>(`${BASE}/single`, body, headers)).then((answer) => answer.data),
    onSuccess: (verified: VerifiedContact) => {
      notify.success([VERIFICATION_MESSAGES.verified(verified.checks.length), ...verified.checks.map((c) => `${c.email}: ${c.reason}`)].join(' '));
      queryClient.setQueriesData<InfiniteData<SearchPage<Prospect>>>({ queryKey: ['search', 'people'] }, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                data: page.data.map((row) => (row.contact === verified.contact ? { ...row, emails: verified.emails, primaryEmail: verified.primaryEmail } : row)),
              })),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: listsKeys.all });
    },
    onError: (error) => notify.error(verifyFailure(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['credits'] }),
    meta: { handlesErrors: true },
  });
}

/** Starts the verification of a list's unchecked emails (a job; its progress is polled). */
export function useVerifyList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyListBody) => api.post<VerifyListResponse>(`${BASE}/bulk`, body).then((answer) => answer.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['credits'] }),
    meta: { handlesErrors: true },
  });
}
