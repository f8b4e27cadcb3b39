import { SUPPRESSION_IMPORT_LIMITS, SUPPRESSION_MESSAGES, type SuppressionImportResult } from '@leadline/shared/campaigns/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { apiErrorFromBody } from '../files/api';

const BASE = '/api/v1/suppressions';
export const suppressionKeys = { all: ['suppressions'] as const, page: (search: string, page: number) => ['suppressions', search, page] as const };

export type Suppression = { email: string; reason: string; createdAt: string };
type SuppressionPage = { data: Suppression[]; pagination: { currentPage: number; totalPages: number; totalRecords: number } };

export function useSuppressions(search: string, page: number) {
  return useQuery({
    queryKey: suppressionKeys.page(search, page),
    queryFn: () => api.get<SuppressionPage>(BASE, { search: search || undefined, page, limit: 25 }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'There was an error fetching the suppression list. Please try again later!' },
  });
}

export function useAddSuppressions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => api.post<{ data: { added: number } }>(BASE, { emails }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionKeys.all }),
    meta: { handlesErrors: true },
  });
}

export function useDeleteSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.delete<{ data: { email: string; undoToken: string } }>(BASE, { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** Undo of a removal: the entry back with its reason and date. */
export function useRestoreSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (undoToken: string) => api.post<{ data: Suppression }>(`${BASE}/restore`, { undoToken }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionKeys.all }),
    meta: { handlesErrors: true },
  });
}

/**
 * Sends a CSV to `POST /api/v1/suppressions/import`. The server reads the rows as they arrive, so
 * the upload's progress (0..1, XMLHttpRequest's) is the import's; the answer carries the counts.
 */
export function importSuppressionsFile(file: File, onProgress: (fraction: number) => void): Promise<SuppressionImportResult> {
  return new Promise((resolve, reject) => {
    if (file.size > SUPPRESSION_IMPORT_LIMITS.maxBytes) return reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', SUPPRESSION_MESSAGES.tooLarge, 'file'));
    const request = new XMLHttpRequest();
    request.open('POST', `${BASE}/import`);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve((JSON.parse(request.responseText) as { data: SuppressionImportResult }).data);
        } catch {
          reject(new ApiError(request.status, 'UNKNOWN', SUPPRESSION_MESSAGES.notCsv));
        }
        return;
      }
      reject(apiErrorFromBody(request.status, request.statusText, request.responseText));
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'Could not reach the server. Please check your connection and try again.'));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
