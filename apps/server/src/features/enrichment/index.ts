/** The enrichment feature's public surface: the events it publishes, and which charge bought an email. */
export { contactEnriched, enrichmentBulkFinished } from './enrichment.events.js';
export { findEmailCharge } from './enrichment.service.js';
