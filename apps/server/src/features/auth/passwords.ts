import crypto from 'node:crypto';
import argon2 from 'argon2';

/**
 * Argon2 takes 64 MiB and a core for ~100 ms per call; a burst of sign-ups or log-ins would
 * otherwise run them all at once. Callers queue here instead, so the memory stays bounded.
 */
export const PASSWORD_HASH_CONCURRENCY = 2;

let running = 0;
const waiting: Array<() => void> = [];
let peak = 0;

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  peak = Math.max(peak, running);
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next caller, so `running` never drops below the queue's need.
    if (next) next();
    else running -= 1;
  }
}

/** The most hashes that ran at once since the last reset; for tests. */
export function passwordHashPeak(reset = false): number {
  const value = peak;
  if (reset) peak = running;
  return value;
}

export const hashPassword = (password: string) => withSlot(() => argon2.hash(password));

export const verifyPassword = (hash: string, password: string) => withSlot(() => argon2.verify(hash, password));

// A real hash to verify against when there is no account, so both answers cost the same.
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));
