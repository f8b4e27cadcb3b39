import {
  ENRICH_TEMPLATES,
  ENRICHMENT_MESSAGES,
  MESSAGES,
  type BulkEnrichBodyInput,
  type BulkEnrichResponse,
  type EnrichedContact,
  type EnrichmentPricing,
  type Prospect,
  type SingleEnrichBody,
  type SingleEnrichResponse,
} from '@leadline/shared';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';
import { createIdempotencyKeys } from '../../lib/idempotency';
import { useCurrentUser } from '../auth/api';
import { listsKeys } from '../lists/keys';
import type { SearchPage } from '../search/api';

const BASE = '/api/v1/prospects-enrichment';
/** Enrichments spend credits: each action carries an Idempotency-Key (see lib/idempotency). */
const keys = createIdempotencyKeys();

/** The current user's enrichment prices (spec §9: by database type and personal-email priority). */
export function usePricing(): EnrichmentPricing {
  const { user } = useCurrentUser();
  return { databaseType: user.databaseType, arePersonalEmailsPriority: user.arePersonalEmailsPriority };
}

/** Spec §8: 402 and 409 have their own messages; any other failure the one of its kind. */
export function enrichFailure(error: unknown, kind: 'row' | 'selection' | 'bulk'): string {
  if (isApiError(error) && error.status === 402) return MESSAGES.insufficientCredits;
  if (isApiError(error) && error.status === 409) return ENRICHMENT_MESSAGES.alreadyEnriched;
  if (kind === 'row') return ENRICHMENT_MESSAGES.enrichRowFailed;
  return kind === 'bulk' ? ENRICHMENT_MESSAGES.enrichBulkFailed : ENRICHMENT_MESSAGES.enrichFailed;
}

/** The enriched values as a search row carries them. */
const asProspect = (enriched: EnrichedContact): Partial<Prospect> => ({
  contact: enriched.contact,
  emails: enriched.emails,
  primaryEmail: enriched.primaryEmail,
  phones: enriched.phones,
  primaryPhone: enriched.primaryPhone,
  lastEmailEnrichment: enriched.lastEmailEnrichment,
  lastPhoneEnrichment: enriched.lastPhoneEnrichment,
});

/**
 * Per-row enrichment (spec §4). The row is updated in place in every loaded search page, since
 * searching again would cost credits; lists and the credits balance are fetched again.
 */
export function useEnrichSingle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SingleEnrichBody) =>
      keys.send(['single', body], (headers) => api.post<SingleEnrichResponse>(`${BASE}/single`, body, headers)).then((answer) => answer.data),
    onSuccess: (enriched, body) => {
      const personId = 'contactId' in body.input ? body.input.contactId : null;
      queryClient.setQueriesData<InfiniteData<SearchPage<Prospect>>>({ queryKey: ['search', 'people'] }, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                data: page.data.map((row) => (row._id === personId || row.contact === enriched.contact ? { ...row, ...asProspect(enriched) } : row)),
              })),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: listsKeys.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['credits'] }),
    meta: { handlesErrors: true },
  });
}

/** Bulk enrichment (spec §7): a job fills the chosen or new list. */
export function useBulkEnrich() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkEnrichBodyInput) =>
      keys.send(['bulk', body], (headers) => api.post<BulkEnrichResponse>(`${BASE}/bulk`, body, headers)).then((answer) => answer.data),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: listsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['credits'] });
    },
    meta: { handlesErrors: true },
  });
}

/** Downloads a bulk-enrich template (spec §5), made here: its header line and nothing else. */
export function downloadTemplate(name: keyof typeof ENRICH_TEMPLATES) {
  const template = ENRICH_TEMPLATES[name];
  const url = URL.createObjectURL(new Blob([`${template.headers.join(',')}\r\n`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = template.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Makes a non-primary email or phone primary (spec §4), on a contact of the team. */
export function useSetPrimary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, isCustom, value }: { contactId: string; isCustom: boolean; value: { primaryEmail: string } | { primaryPhone: string } }) =>
      api.patch(`/api/v1/contacts/enrichedDataByContactId/${encodeURIComponent(contactId)}?isCustom=${isCustom}`, value),
    onSuccess: (_answer, { contactId, value }) => {
      queryClient.setQueriesData<InfiniteData<SearchPage<Prospect>>>({ queryKey: ['search', 'people'] }, (old) =>
        old ? { ...old, pages: old.pages.map((page) => ({ ...page, data: page.data.map((row) => (row.contact === contactId ? { ...row, ...value } : row)) })) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: listsKeys.all });
    },
  });
}
