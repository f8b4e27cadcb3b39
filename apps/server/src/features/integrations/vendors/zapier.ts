/**
 * Zapier catch hooks: `POST {hook}` with a JSON body. An array triggers the Zap once per item
 * (Zapier's documented behaviour for catch hooks), so a push sends its contacts in arrays of up to
 * 100. Zapier answers `{status: 'success', id, request_id}`; 410 means the hook was deleted.
 */
import type { OutboundClient } from '../../../lib/http/outbound.js';
import { VendorError } from './types.js';

export const ZAPIER_BATCH = 100;

export function zapierAdapter(http: OutboundClient) {
  return {
    async send(hook: string, payload: unknown) {
      // A hook call is not idempotent on Zapier's side; repeat only what never reached it.
      const res = await http.request({ method: 'POST', url: hook, json: payload, retry: false });
      if (res.status >= 200 && res.status < 300) return;
      const gone = res.status === 404 || res.status === 410;
      throw new VendorError('zapier', res.status, gone ? 'This webhook no longer exists in Zapier' : `The webhook answered HTTP ${res.status}`, res.status === 429 || res.status >= 500);
    },
  };
}
export type ZapierAdapter = ReturnType<typeof zapierAdapter>;
