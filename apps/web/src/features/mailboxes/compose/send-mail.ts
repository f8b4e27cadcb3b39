import type { SendMailResponse, SendType } from '@leadline/shared';
import { ApiError } from '../../../lib/api';
import { apiErrorFromBody } from '../../files/api';

export type OutgoingMessage = {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  html: string;
  sendType: SendType;
  replyToId?: string | undefined;
  /** A forward: the original's attachments to carry (indexes); undefined carries them all. */
  forwardAttachments?: number[] | undefined;
  attachments: File[];
  /** Images shown in the text, named by the token their `cid:` reference uses. */
  inlineImages: Array<{ token: string; file: File }>;
};

/**
 * Sends a message as `POST /api/v1/mail/gmail/send` (multipart, arrays as JSON, files as
 * `attachments`). XMLHttpRequest rather than fetch, because only it reports upload progress;
 * `onProgress` gets 0..1 of the bytes sent.
 */
export function sendMessage(message: OutgoingMessage, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<SendMailResponse['data']> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('from', message.from);
    form.append('to', JSON.stringify(message.to));
    form.append('cc', JSON.stringify(message.cc));
    form.append('bcc', JSON.stringify(message.bcc));
    form.append('subject', message.subject);
    form.append('html', message.html);
    form.append('sendType', message.sendType);
    if (message.replyToId) form.append('replyToId', message.replyToId);
    if (message.forwardAttachments) form.append('forwardAttachments', JSON.stringify(message.forwardAttachments));
    for (const file of message.attachments) form.append('attachments', file, file.name);
    for (const image of message.inlineImages) form.append('inlineImages', image.file, image.token);

    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/mail/gmail/send');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve((JSON.parse(request.responseText) as SendMailResponse).data);
        } catch {
          reject(new ApiError(request.status, 'UNKNOWN', 'The server sent the message but its answer could not be read.'));
        }
        return;
      }
      reject(apiErrorFromBody(request.status, request.statusText, request.responseText));
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'Could not reach the server. Please check your connection and try again.'));
    request.onabort = () => reject(new ApiError(0, 'ABORTED', 'Sending was cancelled.'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
