import { z } from 'zod';
import { int32, trimmedText } from '../primitives.js';
import { ProspectEmail, ProspectPhone, SEARCH_MESSAGES, SearchFilters } from '../search/filters.js';
import { LIST_NAME_MAX, MAX_IDS_PER_CALL } from '../lists/schemas.js';
import { BULK_ENRICH_MAX, ENRICH_TYPES } from './rules.js';

export const EnrichType = z.enum(ENRICH_TYPES);
export type EnrichType = z.infer<typeof EnrichType>;

/** One prospect to enrich: a search row's person id, or one of the team's contacts (spec §7). */
export const EnrichInput = z.union([
  z.object({ contactId: trimmedText().min(1).max(200) }).strict(),
  z.object({ customContactId: z.uuid('Contact not found') }).strict(),
]);
export type EnrichInput = z.infer<typeof EnrichInput>;

/** `POST /api/v1/prospects-enrichment/single`. */
export const SingleEnrichBody = z.object({ enrichType: EnrichType, input: EnrichInput });
export type SingleEnrichBody = z.infer<typeof SingleEnrichBody>;

/** Which provider produced which field of an enrichment. */
export const EnrichmentSource = z.object({ field: z.string(), provider: z.string() });

/** What a single enrichment answers (spec §7), with the team contact id as `contact`. */
export const EnrichedContact = z.object({
  contact: z.string(),
  emails: z.array(ProspectEmail),
  primaryEmail: z.string().nullable(),
  lastEmailEnrichment: z.string().nullable(),
  phones: z.array(ProspectPhone),
  primaryPhone: z.string().nullable(),
  lastPhoneEnrichment: z.string().nullable(),
  /** Credits charged by this enrichment (0 for a miss or a remembered result). */
  creditsCharged: z.number().int(),
  sources: z.array(EnrichmentSource),
});
export type EnrichedContact = z.infer<typeof EnrichedContact>;
export const SingleEnrichResponse = z.object({ data: EnrichedContact });
export type SingleEnrichResponse = z.infer<typeof SingleEnrichResponse>;

const limit = int32().min(1).max(BULK_ENRICH_MAX);

/**
 * Where a bulk enrichment's prospects come from (spec §7): the `inputs` themselves (a selection),
 * an uploaded file matching one of the templates, the current search filters with a limit, or a
 * list with its current view (name search) and a limit.
 */
export const InputsSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('inputs') }),
  z.object({ type: z.literal('file'), attachedFileInfo: z.object({ _id: z.uuid('Upload not found') }) }),
  z.object({ type: z.literal('searchFilters'), searchFilters: SearchFilters, limit }),
  z.object({
    type: z.literal('list'),
    targetListId: z.uuid('List not found'),
    targetListState: z.object({ name: trimmedText().max(200).optional() }).default({}),
    limit,
  }),
]);
export type InputsSource = z.infer<typeof InputsSource>;

/** `POST /api/v1/prospects-enrichment/bulk`. */
export const BulkEnrichBody = z
  .object({
    /** A selection; larger sets go by search filters, a list or a file. */
    inputs: z.array(EnrichInput).max(MAX_IDS_PER_CALL).default([]),
    inputsSource: InputsSource.default({ type: 'inputs' }),
    newListTitle: trimmedText().min(1, 'A list name is required').max(LIST_NAME_MAX).optional(),
    existingListId: z.uuid('List not found').optional(),
    enrichType: EnrichType,
  })
  .refine((b) => Boolean(b.newListTitle) !== Boolean(b.existingListId), {
    message: 'Choose a list or type the name of a new one',
    path: ['existingListId'],
  })
  .refine((b) => b.inputsSource.type !== 'inputs' || b.inputs.length > 0, {
    message: 'Choose at least one prospect',
    path: ['inputs'],
  });
export type BulkEnrichBody = z.infer<typeof BulkEnrichBody>;
export type BulkEnrichBodyInput = z.input<typeof BulkEnrichBody>;

/** A started bulk enrichment: the job to follow and the list the results land in. */
export const BulkEnrichResponse = z.object({
  data: z.object({
    jobId: z.string(),
    listId: z.string(),
    /** Prospects the job will look up (already enriched ones are left out). */
    prospects: z.number().int(),
    /** Credits held for the job: the most it can cost. */
    creditsHeld: z.number().int(),
  }),
});
export type BulkEnrichResponse = z.infer<typeof BulkEnrichResponse>;

/** Bulk enrich file templates (spec §5). */
export const ENRICH_TEMPLATES = {
  linkedin: { fileName: 'linkedin-urls-template.csv', headers: ['LinkedinURLs'] },
  data: { fileName: 'data-template.csv', headers: ['Name', 'Company', 'Location'] },
} as const;

/** Spec §8 and §5 messages of enrichment, verbatim. */
export const ENRICHMENT_MESSAGES = {
  alreadyEnriched: 'There was an error performing this action as all contacts are already enriched. Please try again later!',
  allAlreadyEnrichedWarning: 'All prospects are already enriched!',
  enrichFailed: 'There was an error trying to enrich your prospects. Please try again later!',
  enrichRowFailed: 'There was an error enriching the prospect. Please try again later!',
  enrichBulkFailed: 'There was an error enriching the contacts. Please try again later!',
  templateMismatch: "Column names don't match our templates. Please use one of the provided templates for bulk enrichment!",
  prospectsBeingEnriched: 'Prospects are being enriched. Please check your lists!',
  fileBeingEnriched: 'File is being enriched. Please check your lists!',
  onlyAccurateCharged: 'You will only be charged for accurate matches.',
  cannotEnrich: SEARCH_MESSAGES.cannotEnrich,
  noEmails: 'No emails found',
  noPhones: 'No phone numbers found',
} as const;
