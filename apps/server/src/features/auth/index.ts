/** The auth feature's public surface. */
export { actorForToken, SESSION_COOKIE } from './auth.service.js';
