/** The enrichment feature's public surface: the events it publishes, and enriching a whole list (SalesGPT). */
export { contactEnriched, enrichmentBulkFinished } from './enrichment.events.js';
export { enrichList, estimateListEnrichment, type ListEnrichmentEstimate } from './enrich-list.service.js';
