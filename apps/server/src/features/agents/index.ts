/** Agents' public surface: nothing other features need yet; the module is composed in features.ts. */
export { nextRunAfter } from './schedule.js';
