/** Agents' public surface; the module is composed in features.ts. */
export { researchAnswerColumns } from './answer-columns.js';
export { nextRunAfter } from './schedule.js';
