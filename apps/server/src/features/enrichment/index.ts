/** The enrichment feature's public surface: the events it publishes. */
export { contactEnriched, enrichmentBulkFinished } from './enrichment.events.js';
