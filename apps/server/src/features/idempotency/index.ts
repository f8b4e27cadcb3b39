export { runOnce, type IdempotentRequest } from './idempotency.service.js';
