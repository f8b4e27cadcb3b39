import {
  MESSAGES,
  LISTS_MESSAGES,
  PAGE_CONTEXT_HEADER,
  trimAndDropEmpty,
  type CompanyUploadBodyInput,
  type CompanyUploadResponse,
  type ContactsBulkResponse,
  type ContactsDownloadBodyInput,
  type ListContactsChangeBodyInput,
  type ListContentsBodyInput,
  type ListContentsResponse,
  type ListDto,
  type ListEntityType,
  type ListsQueryInput,
  type ListsResponse,
  type PageContext,
  type RefreshListResponse,
  type SearchFilters,
  type UploadToListBodyInput,
  type UploadToListResponse,
} from '@leadline/shared';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, isApiError, type QueryParams } from '../../lib/api';
import { apiErrorFromBody } from '../files/api';
import { listsKeys } from './keys';

type CompanyUploadAnswer = z.infer<typeof CompanyUploadResponse>;
type ContactsBulkAnswer = z.infer<typeof ContactsBulkResponse>;
type RefreshListAnswer = z.infer<typeof RefreshListResponse>;
type UploadToListAnswer = z.infer<typeof UploadToListResponse>;

const BASE = '/api/v1/lists';
/** While a list fills (an import, a dynamic refresh), its screens ask again this often. */
const PROCESSING_POLL_MS = 1500;
/** List pickers show this many lists matching the typed name. */
const PICKER_LIMIT = 50;

export { listsKeys };

export const listPath = (list: Pick<ListDto, '_id' | 'entityType'>) =>
  `/prospects/lists/${list.entityType === 'companyList' ? 'companies' : 'people'}/${list._id}`;

const toParams = (query: ListsQueryInput): QueryParams =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, typeof value === 'boolean' ? String(value) : (value as string | number | undefined)]));

const isProcessing = (list: ListDto | undefined) => list?.completionStatus === 'processing';

/** A page of the team's lists for the lists screen; polled while one of them is filling. */
export function useLists(query: ListsQueryInput) {
  return useQuery({
    queryKey: listsKeys.page(query),
    queryFn: () => api.get<ListsResponse>(`${BASE}/getAll`, toParams(query)),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.lists.some(isProcessing) ? PROCESSING_POLL_MS : false),
    meta: { errorMessage: LISTS_MESSAGES.listsFetchFailed },
  });
}

/** Lists a user may pick (spec §2: never the ones the system generated), matching a typed name. */
export function usePickableLists(entityType: ListEntityType, name: string, enabled = true) {
  return useQuery({
    queryKey: listsKeys.picker(entityType, name),
    queryFn: () =>
      api.get<ListsResponse>(
        `${BASE}/getAll`,
        toParams({ includeGeneratedBySystem: false, entityType, name: name || undefined, limit: PICKER_LIMIT, sortBy: 'name', sortOrder: 'asc' }),
      ),
    select: (answer) => answer.data.lists,
    placeholderData: keepPreviousData,
    enabled,
    meta: { errorMessage: LISTS_MESSAGES.listsFetchFailed },
  });
}

/** One page of a list's people or companies, with the list itself; polled while it fills. */
export function useListContents(id: string, body: ListContentsBodyInput) {
  return useQuery({
    queryKey: listsKeys.contents(id, body),
    queryFn: () => api.post<ListContentsResponse>(`${BASE}/${encodeURIComponent(id)}`, body),
    select: (answer) => answer.data,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
    refetchInterval: (q) => (isProcessing(q.state.data?.data.list) ? PROCESSING_POLL_MS : false),
    // A missing list is a page of its own; the screen toasts the other failures.
    meta: { handlesErrors: true },
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ data: { _id: string } }>(`${BASE}/${encodeURIComponent(id)}`),
    // The deleted list's own pages are not asked for again: they would only answer 404.
    onSuccess: (_answer, id) =>
      queryClient.invalidateQueries({ queryKey: listsKeys.all, predicate: (query) => query.queryKey[2] !== id }),
    meta: { errorMessage: LISTS_MESSAGES.deleteListFailed },
  });
}

export function useRemoveFromList(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListContactsChangeBodyInput) => api.patch(`${BASE}/removeContacts/${encodeURIComponent(listId)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKeys.all }),
    meta: { errorMessage: LISTS_MESSAGES.deleteProspectsFailed },
  });
}

export function useRefreshList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<RefreshListAnswer>(`${BASE}/${encodeURIComponent(id)}/refresh`).then((a) => a.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKeys.all }),
  });
}

/** JSON with extra headers, which the shared client does not send. */
async function sendJson<T>(method: 'POST' | 'PATCH', path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Please check your connection and try again.');
  }
  if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, await response.text());
  return (await response.json()) as T;
}

/** Where prospects go: a list the user picked, or a new one (dynamic: kept matching `filters`). */
export type SaveTarget = { listId: string } | { name: string; isDynamic: boolean; filters: SearchFilters };

/**
 * Save List (spec §2, §7): the search rows become the team's contacts (`contacts/bulk`), a new
 * list is created if asked, then the contacts are added with the page they came from.
 */
export function useSaveToList(pageContext: PageContext) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ personIds, target }: { personIds: string[]; target: SaveTarget }) => {
      const created = await api.post<ContactsBulkAnswer>('/api/v1/contacts/bulk', personIds.map((_id) => ({ _id })));
      const listId =
        'listId' in target
          ? target.listId
          : (
              await api.post<{ data: ListDto }>(BASE, {
                name: target.name,
                entityType: 'contactList',
                isDynamic: target.isDynamic,
                ...(target.isDynamic ? { filters: trimAndDropEmpty(target.filters) } : {}),
              })
            ).data._id;
      const contacts = created.data.contacts;
      await sendJson(
        'PATCH',
        `${BASE}/addContacts/${encodeURIComponent(listId)}`,
        { contacts: contacts.filter((c) => !c.isCustom).map((c) => c._id), customContacts: contacts.filter((c) => c.isCustom).map((c) => c._id) },
        { [PAGE_CONTEXT_HEADER]: pageContext },
      );
      return listId;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listsKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** Spec §8: 402 has its own message; any other failure to save a list has one too. */
export const saveListFailure = (error: unknown) =>
  isApiError(error) && error.status === 402 ? MESSAGES.insufficientCredits : LISTS_MESSAGES.saveListFailed;

export function useUploadToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UploadToListBodyInput) => api.post<UploadToListAnswer>('/api/v1/prospects/upload-to-list', body).then((a) => a.data),
    onSuccess: ({ list, jobId }) => {
      rememberImportJob(list._id, jobId);
      return queryClient.invalidateQueries({ queryKey: listsKeys.all });
    },
    meta: { handlesErrors: true },
  });
}

export function useCompanyUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyUploadBodyInput) => api.post<CompanyUploadAnswer>(`${BASE}/companies/upload`, body).then((a) => a.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listsKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** The whole list as CSV: a plain link, so the browser streams it to disk however large. */
export const listDownloadUrl = (id: string) => `${BASE}/download/${encodeURIComponent(id)}`;

function fileNameOf(response: Response, fallback: string) {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** A selection as CSV (`POST /api/v1/contacts/download`): fetched as a blob, then saved. */
export function useDownloadSelection() {
  return useMutation({
    mutationFn: async (body: ContactsDownloadBodyInput) => {
      let response: Response;
      try {
        response = await fetch('/api/v1/contacts/download', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      } catch {
        throw new ApiError(0, 'NETWORK', 'Could not reach the server. Please check your connection and try again.');
      }
      if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, await response.text());
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, 'prospects.csv');
      document.body.append(link);
      link.click();
      link.remove();
      // The click has handed the blob to the browser's download; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

const IMPORT_JOB_KEY = (listId: string) => `leadline-list-import:${listId}`;

/** The import job filling a list, remembered for this tab so the list can show its progress. */
export function rememberImportJob(listId: string, jobId: string) {
  sessionStorage.setItem(IMPORT_JOB_KEY(listId), jobId);
}
export const importJobOf = (listId: string) => sessionStorage.getItem(IMPORT_JOB_KEY(listId));
export const forgetImportJob = (listId: string) => sessionStorage.removeItem(IMPORT_JOB_KEY(listId));
