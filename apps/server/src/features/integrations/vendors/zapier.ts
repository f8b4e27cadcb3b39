/**
 * Zapier catch hooks: `POST {hook}` with a JSON body. An array triggers the Zap once per item
 * (Zapier's documented behaviour for catch hooks), so a push sends its contacts in arrays of up to
 * 100. Zapier answers `{status: 'success', id, request_id}`; 410 means the hook was deleted.
 */
import { OutboundNetworkError, type OutboundClient } from '../../../lib/http/outbound.js';
import { VendorError } from './types.js';

export const ZAPIER_BATCH = 100;
/** Zapier answers a catch hook in well under a second; a hook that has not answered by then will not. */
export const ZAPIER_DEADLINE_MS = 8_000;

export function zapierAdapter(http: OutboundClient) {
  return {
    async send(hook: string, payload: unknown) {
      // A hook call is not idempotent on Zapier's side; repeat only what never reached it.
      // A hook that cannot be reached (refused, unknown host, no answer) fails now with the reason,
      // not after the job's retries: the user sees why and pushes again when it is fixed.
      const res = await http
        .request({ method: 'POST', url: hook, json: payload, retry: false, signal: AbortSignal.timeout(ZAPIER_DEADLINE_MS) })
        .catch((error: unknown) => {
          if (error instanceof OutboundNetworkError) throw new VendorError('zapier', 0, `The webhook could not be reached (${unreachableReason(error)})`, false);
          throw error;
        });
      if (res.status >= 200 && res.status < 300) return;
      const gone = res.status === 404 || res.status === 410;
      throw new VendorError('zapier', res.status, gone ? 'This webhook no longer exists in Zapier' : `The webhook answered HTTP ${res.status}`, res.status === 429 || res.status >= 500);
    },
  };
}
/** The network failure in words: 'connection refused', 'no answer within 8 s'… */
function unreachableReason(error: OutboundNetworkError): string {
  const cause = error.cause as { code?: string; name?: string; cause?: { code?: string } } | undefined;
  const code = cause?.code ?? cause?.cause?.code;
  if (cause?.name === 'AbortError' || cause?.name === 'TimeoutError' || code === 'UND_ERR_CONNECT_TIMEOUT') return `no answer within ${ZAPIER_DEADLINE_MS / 1000} s`;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  return error.message;
}

export type ZapierAdapter = ReturnType<typeof zapierAdapter>;
