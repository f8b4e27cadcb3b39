/** The enrichment feature's public surface: the events it publishes, which charge bought an email, and enriching a whole list (SalesGPT). */
export { contactEnriched, enrichmentBulkFinished } from './enrichment.events.js';
export { findEmailCharge } from './enrichment.service.js';
export { enrichList, estimateListEnrichment, type ListEnrichmentEstimate } from './enrich-list.service.js';
