import {
  ACCEPTED_FILE_TYPES,
  FILE_MESSAGES,
  MAX_UPLOAD_BYTES,
  type ErrorBody,
  type UploadedFile,
  type UploadFileResponse,
} from '@leadline/shared';
import { ApiError } from '../../lib/api';

const NETWORK_ERROR = 'Could not reach the server. Please check your connection and try again.';

/** An ApiError from a raw error answer, read the way the JSON client reads it. */
export function apiErrorFromBody(status: number, statusText: string, body: string): ApiError {
  let parsed: Partial<ErrorBody> | null = null;
  try {
    parsed = JSON.parse(body) as Partial<ErrorBody>;
  } catch {
    parsed = null;
  }
  const error = parsed?.error;
  if (error && typeof error.message === 'string') return new ApiError(status, error.code ?? 'UNKNOWN', error.message, error.field);
  return new ApiError(status, 'UNKNOWN', `The server answered ${status} ${statusText}.`.trim());
}

/** Spec §5 "Files", checked before a byte is sent: the type by extension, then the size. */
export function fileRefusal(file: Pick<File, 'name' | 'size'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(ACCEPTED_FILE_TYPES as readonly string[]).includes(extension)) return FILE_MESSAGES.wrongType;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_MESSAGES.tooLarge();
  return null;
}

/**
 * Uploads one file to `POST /api/v1/files` (multipart field `file`). XMLHttpRequest rather than
 * fetch, because only it reports upload progress; `onProgress` gets 0..1.
 */
export function uploadFile(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const refusal = fileRefusal(file);
    if (refusal) return reject(new ApiError(400, 'VALIDATION_FAILED', refusal, 'file'));
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/files');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        try {
          resolve((JSON.parse(request.responseText) as UploadFileResponse).data);
        } catch {
          reject(new ApiError(request.status, 'UNKNOWN', FILE_MESSAGES.csvUploadFailed));
        }
        return;
      }
      reject(apiErrorFromBody(request.status, request.statusText, request.responseText));
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', NETWORK_ERROR));
    request.onabort = () => reject(new ApiError(0, 'ABORTED', 'The upload was cancelled.'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
