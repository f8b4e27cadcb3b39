/** The auth feature's public surface. */
export { actorForToken, getMe, permissionOf, RetryLaterError, SESSION_COOKIE } from './auth.service.js';
