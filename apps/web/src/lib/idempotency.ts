import { IDEMPOTENCY_KEY_HEADER } from '@leadline/shared';

/** A random UUID v4; `crypto.randomUUID` exists only in secure contexts (not plain http on a LAN). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Idempotency keys for actions that spend credits. One user action gets one key; the same
 * request sent again while the first is still in flight (a double click, Enter and a click) gets
 * the same key, so the server answers both with the one result instead of doing the work twice.
 */
export function createIdempotencyKeys() {
  const inFlight = new Map<string, string>();
  return {
    /** Sends `send` with the key of this request, shared with an identical request in flight. */
    async send<T>(request: unknown, send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
      const id = JSON.stringify(request);
      const existing = inFlight.get(id);
      const key = existing ?? randomKey();
      if (!existing) inFlight.set(id, key);
      try {
        return await send({ [IDEMPOTENCY_KEY_HEADER]: key });
      } finally {
        if (!existing) inFlight.delete(id);
      }
    },
  };
}
