/** The progress feature's public surface: the record a long job keeps of how far it got. */
export { ProgressTracker } from './progress.service.js';
