/** The auth feature's public surface. */
export { actorForToken, permissionOf, RetryLaterError, SESSION_COOKIE } from './auth.service.js';
