/** The api-keys feature's public surface. */
export { actorForApiKey } from './api-keys.service.js';
