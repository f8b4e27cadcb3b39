import { z } from 'zod';
import { int32, queryInt32, trimmedText } from '../primitives.js';
import { CompanyResult, ProspectEmail, ProspectPhone, SearchFilters } from '../search/filters.js';

/** People lists are 'contactList' (spec §3); company lists hold companies. */
export const ListEntityType = z.enum(['contactList', 'companyList']);
export type ListEntityType = z.infer<typeof ListEntityType>;
export const ListCompletionStatus = z.enum(['processing', 'complete']);
export type ListCompletionStatus = z.infer<typeof ListCompletionStatus>;

export const LIST_NAME_MAX = 120;
/** The creator shown for lists the system made (dynamic refreshes, imports of other features). */
export const SYSTEM_CREATOR_NAME = 'System';
export const LIST_PAGE_SIZE = { default: 25, max: 100 } as const;
/** At most this many ids per add, remove, download or bulk-create call. */
export const MAX_IDS_PER_CALL = 10_000;
/** A dynamic list's refresh adds at most this many new matches per run. */
export const DYNAMIC_LIST_REFRESH_LIMIT = 5_000;

/** Accepted headers of the prospect upload (spec §5), in the order downloads write them. */
export const PROSPECT_FILE_HEADERS = [
  'Full Name',
  'Job Title',
  'Job Level',
  'Department',
  'Company',
  'Email',
  'Phone',
  'Company Domain',
  'Country',
  'City',
  'LinkedIn URL',
] as const;
export type ProspectFileHeader = (typeof PROSPECT_FILE_HEADERS)[number];
export const COMPANY_FILE_HEADER = 'Company Names';

const name = trimmedText().min(1, 'A list name is required').max(LIST_NAME_MAX);
const booleanQuery = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const ids = z.array(z.uuid()).max(MAX_IDS_PER_CALL).default([]);

/** One list as the lists table and the list pickers show it (spec §3 "List"). */
export const ListDto = z.object({
  _id: z.string(),
  name: z.string(),
  entityType: ListEntityType,
  /** How many people (contact lists) or companies (company lists) it holds. */
  contacts: z.number().int(),
  companies: z.number().int(),
  isDynamic: z.boolean(),
  /** Filters of a dynamic list, refreshed by a job. */
  filters: SearchFilters.nullable(),
  completionStatus: ListCompletionStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  sequencesCount: z.number().int(),
  /** The creating user's id; null for lists the system generated. */
  createdBy: z.string().nullable(),
  /** The creator's name, or 'System'. */
  createdByName: z.string(),
  generatedBySystem: z.boolean(),
  totalWithPersonalEmail: z.number().int(),
  totalWithProfessionalEmail: z.number().int(),
  totalWithLinkedin: z.number().int(),
  totalWithValidPhone: z.number().int(),
  /** Dynamic lists: matches the last refresh added, and when it ran. */
  newSinceRefresh: z.number().int(),
  refreshedAt: z.string().nullable(),
  /** Why the last scheduled refresh added nobody (the 402 message), until one succeeds. */
  refreshError: z.string().nullable(),
});
export type ListDto = z.infer<typeof ListDto>;

/** `POST /api/v1/lists`. A dynamic list carries the search filters it keeps matching. */
export const CreateListBody = z
  .object({
    name,
    entityType: ListEntityType.default('contactList'),
    isDynamic: z.boolean().default(false),
    filters: SearchFilters.optional(),
  })
  .refine((b) => !b.isDynamic || (b.filters && b.entityType === 'contactList'), {
    message: 'A dynamic list needs search filters and holds people',
    path: ['filters'],
  });
export type CreateListBody = z.infer<typeof CreateListBody>;
export type CreateListBodyInput = z.input<typeof CreateListBody>;
export const ListResponse = z.object({ data: ListDto });

export const ListSortBy = z.enum(['createdAt', 'updatedAt', 'name', 'contacts', 'createdByName']);
export const SortOrder = z.enum(['asc', 'desc']);

/** `GET /api/v1/lists/getAll`. */
export const ListsQuery = z.object({
  includeGeneratedBySystem: booleanQuery.default(true),
  includeDynamic: booleanQuery.default(true),
  /** Accepted for compatibility; campaigns arrive with the engage issues. */
  includeCampaignStatus: booleanQuery.optional(),
  entityType: ListEntityType.optional(),
  pageNum: queryInt32().min(1).default(1),
  limit: queryInt32().min(1).max(LIST_PAGE_SIZE.max).default(LIST_PAGE_SIZE.default),
  sortBy: ListSortBy.default('createdAt'),
  sortOrder: SortOrder.default('desc'),
  name: trimmedText().max(LIST_NAME_MAX).optional(),
  /** A user id, or 'system' for lists the system generated. */
  createdBy: z.union([z.uuid(), z.literal('system')]).optional(),
  hasLinkedInContacts: booleanQuery.optional(),
  hasEmailContacts: booleanQuery.optional(),
});
export type ListsQuery = z.infer<typeof ListsQuery>;
export type ListsQueryInput = z.input<typeof ListsQuery>;
export const ListsResponse = z.object({
  data: z.object({
    lists: z.array(ListDto),
    total: z.number().int(),
    /** Everyone who created one of the team's lists, for the "created by" filter. */
    createdByData: z.array(z.object({ _id: z.string(), name: z.string() })),
  }),
});
export type ListsResponse = z.infer<typeof ListsResponse>;

export const ListIdParams = z.object({ id: z.uuid('List not found') });
export const ListIdParamsAlt = z.object({ listId: z.uuid('List not found') });

/** One of the team's contacts as a list shows it (spec §3 "List contact"). */
export const ListContactDto = z.object({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  level: z.string().nullable(),
  department: z.string().nullable(),
  company: z.object({ name: z.string().nullable(), domain: z.string().nullable() }),
  linkedIn: z.string().nullable(),
  emails: z.array(ProspectEmail),
  primaryEmail: z.string().nullable(),
  phones: z.array(ProspectPhone),
  primaryPhone: z.string().nullable(),
  address: z.object({ city: z.string().nullable(), state: z.string().nullable(), country: z.string().nullable() }),
  industry: z.string().nullable(),
  crmData: z.object({ crmName: z.string(), crmUrl: z.string().nullable(), error: z.string().nullable() }).nullable(),
  /** True for a contact from an upload rather than the people database. */
  isCustom: z.boolean(),
  /** The people-database person this contact copies, when there is one. */
  personId: z.string().nullable(),
  lastEmailEnrichment: z.string().nullable(),
  lastPhoneEnrichment: z.string().nullable(),
  addedAt: z.string(),
});
export type ListContactDto = z.infer<typeof ListContactDto>;

/**
 * A company of a company list: the search's company row, and when it was added. `notFound`: a
 * name from an upload that the company database does not hold, kept so it can be enriched later.
 */
export const ListCompanyDto = CompanyResult.extend({ addedAt: z.string(), notFound: z.boolean() });
export type ListCompanyDto = z.infer<typeof ListCompanyDto>;

/** Sort keys of a list's contents; the spec sends company name as `company.name`. */
export const ListContentSortBy = z.enum(['addedAt', 'name', 'jobTitle', 'company.name', 'email', 'country']);
export type ListContentSortBy = z.infer<typeof ListContentSortBy>;

/** `POST /api/v1/lists/{id}`: one page of a list's contacts or companies. */
export const ListContentsBody = z.object({
  pageNum: int32().min(1).default(1),
  limit: int32().min(1).max(LIST_PAGE_SIZE.max).default(LIST_PAGE_SIZE.default),
  sortBy: ListContentSortBy.default('addedAt'),
  sortOrder: SortOrder.default('desc'),
  /** Accepted for compatibility; campaigns arrive with the engage issues. */
  includeCampaignStatuses: z.boolean().optional(),
  filters: z.object({ name: trimmedText().max(200).optional() }).default({}),
});
export type ListContentsBody = z.infer<typeof ListContentsBody>;
export type ListContentsBodyInput = z.input<typeof ListContentsBody>;
/** A column other features add to a contact list: a research agent's answers (title: its name, description: its question). */
export const ListExtraColumnDto = z.object({ key: z.string(), title: z.string(), description: z.string() });
export type ListExtraColumnDto = z.infer<typeof ListExtraColumnDto>;
export const ListContentsResponse = z.object({
  data: z.object({
    list: ListDto,
    contacts: z.array(ListContactDto),
    companies: z.array(ListCompanyDto),
    total: z.number().int(),
    /** The list's extra columns, in order; empty for a company list. */
    columns: z.array(ListExtraColumnDto),
    /** The filled cells of those columns on this page: contact id → column key → value; a missing one is empty. */
    cells: z.record(z.string(), z.record(z.string(), z.string())),
  }),
});
export type ListContentsResponse = z.infer<typeof ListContentsResponse>;

/** Where an add came from, recorded with each added contact (header X-Page-Context). */
export const PageContext = z.enum(['search', 'lists', 'other']);
export type PageContext = z.infer<typeof PageContext>;
export const PAGE_CONTEXT_HEADER = 'x-page-context';

/** `PATCH /api/v1/lists/addContacts/{listId}` and `/removeContacts/{id}`: the team's contact ids. */
export const ListContactsChangeBody = z
  .object({ contacts: ids, customContacts: ids, companies: ids })
  .refine((b) => b.contacts.length + b.customContacts.length + b.companies.length > 0, {
    message: 'Choose at least one prospect',
    path: ['contacts'],
  });
export type ListContactsChangeBody = z.infer<typeof ListContactsChangeBody>;
export type ListContactsChangeBodyInput = z.input<typeof ListContactsChangeBody>;
export const ListChangeResponse = z.object({ data: z.object({ changed: z.number().int(), list: ListDto }) });

export const DeleteListResponse = z.object({ data: z.object({ _id: z.string(), deleted: z.literal(true) }) });

/** `POST /api/v1/contacts/download`: a selection as CSV. */
export const ContactsDownloadBody = z
  .object({ listName: trimmedText().max(LIST_NAME_MAX).default('prospects'), contacts: ids, customContacts: ids })
  .refine((b) => b.contacts.length + b.customContacts.length > 0, { message: 'Choose at least one prospect', path: ['contacts'] });
export type ContactsDownloadBodyInput = z.input<typeof ContactsDownloadBody>;

/**
 * A prospect to copy into the team's contacts: a people-database person by id (its fields are
 * read from the database), or a custom contact described by its fields.
 */
export const ProspectInput = z.union([
  z.object({ _id: z.uuid() }),
  z.object({
    fullName: trimmedText().min(1).max(300),
    jobTitle: trimmedText().max(300).optional(),
    companyName: trimmedText().max(300).optional(),
    companyDomain: trimmedText().max(300).optional(),
    linkedIn: trimmedText().max(500).optional(),
    email: z.email().max(320).optional(),
    phone: trimmedText().max(50).optional(),
    city: trimmedText().max(200).optional(),
    country: trimmedText().max(200).optional(),
  }),
]);
export type ProspectInput = z.infer<typeof ProspectInput>;
export const ContactsBulkBody = z.array(ProspectInput).min(1, 'Choose at least one prospect').max(MAX_IDS_PER_CALL);
export const ContactsBulkResponse = z.object({
  data: z.object({
    /** In input order: the contact id for each prospect. */
    contacts: z.array(z.object({ _id: z.string(), personId: z.string().nullable(), isCustom: z.boolean() })),
  }),
});
export const ContactResponse = z.object({ data: ListContactDto });

/** `PATCH /api/v1/contacts/enrichedDataByContactId/{contactId}?isCustom=`. */
export const SetPrimaryBody = z
  .object({ primaryEmail: trimmedText().min(1).max(320).optional(), primaryPhone: trimmedText().min(1).max(100).optional() })
  .refine((b) => (b.primaryEmail === undefined) !== (b.primaryPhone === undefined), {
    message: 'Choose an email or a phone number',
    path: ['primaryEmail'],
  });
export const SetPrimaryParams = z.object({ contactId: z.uuid('Contact not found') });
export const SetPrimaryQuery = z.object({ isCustom: booleanQuery.optional() });

/** `POST /api/v1/prospects/upload-to-list`: import an uploaded file into a new or existing list. */
export const UploadToListBody = z
  .object({
    attachedFileInfo: z.object({ _id: z.uuid('File not found') }),
    listTitle: name.optional(),
    existingListId: z.uuid('List not found').optional(),
    /**
     * true: keep the file's values exactly as they are. false: fill the blank fields of each row
     * from the people database when the row matches a person (by LinkedIn URL, else by full
     * name and company); a value present in the file is never replaced.
     */
    useRawFileData: z.boolean().default(true),
  })
  .refine((b) => (b.listTitle === undefined) !== (b.existingListId === undefined), {
    message: 'A list must be chosen.',
    path: ['existingListId'],
  });
export type UploadToListBody = z.infer<typeof UploadToListBody>;
export type UploadToListBodyInput = z.input<typeof UploadToListBody>;
export const UploadToListResponse = z.object({ data: z.object({ list: ListDto, jobId: z.string() }) });

/** Company list upload: a file with a 'Company Names' column into a new or existing company list. */
export const CompanyUploadBody = z
  .object({
    attachedFileInfo: z.object({ _id: z.uuid('File not found') }),
    listTitle: name.optional(),
    existingListId: z.uuid('List not found').optional(),
  })
  .refine((b) => (b.listTitle === undefined) !== (b.existingListId === undefined), {
    message: 'A list must be chosen.',
    path: ['existingListId'],
  });
export type CompanyUploadBody = z.infer<typeof CompanyUploadBody>;
export type CompanyUploadBodyInput = z.input<typeof CompanyUploadBody>;
export const CompanyUploadResponse = z.object({
  data: z.object({
    list: ListDto,
    /** Companies new to the list, matched or not. */
    added: z.number().int(),
    /** Distinct names in the file, and how many of them the company database holds. */
    names: z.number().int(),
    matched: z.number().int(),
    /** Names kept in the list as companies not found. */
    notFound: z.number().int(),
  }),
});

export const RefreshListResponse = z.object({ data: z.object({ list: ListDto, jobId: z.string() }) });

/** Messages of spec §2, §5 and §8 for lists, uploads and downloads, verbatim. */
export const LISTS_MESSAGES = {
  populating: 'List is being populated',
  fileEmpty: 'The file is empty. Please upload a file with data!',
  fullNameColumnMissing: "The file must contain a 'Full Name' column. Please add this column to your file!",
  fullNameValueMissing: "All records must have a 'Full Name' value. Please ensure no 'Full Name' fields are empty!",
  listRequired: 'A list must be chosen.',
  companyColumnMissing: `No company column found. Please ensure your file has a column named '${COMPANY_FILE_HEADER}'!`,
  companyNamesMissing: 'No company names found in the file. Please ensure your file has at least one company name!',
  csvUploadFailed: 'There was an error trying to upload the CSV file. Please try again later!',
  uploadToListFailed: 'There was an error uploading the contacts. Please try again later!',
  listsFetchFailed: 'There was an error fetching your lists. Please try again later!',
  listsFetchFailedShort: 'Failed to fetch lists',
  listProspectsFetchFailed: 'There was an error fetching prospects for the list. Please try again later!',
  deleteListFailed: 'There was an error deleting the list. Please try again later!',
  deleteProspectsFailed: 'There was an error trying to delete the prospects from the list. Please try again later!',
  saveListFailed: 'There was an error saving your list. Please try again later!',
  csvUploaded: 'CSV file uploaded successfully! Please wait for the upload to complete.',
  prospectsSaved: 'Prospects saved to your list successfully!',
  companiesAdded: (n: number) => `${n} companies added successfully!`,
  /** How a company upload matched (the spec has no wording for it). */
  companiesMatched: (matched: number, names: number, notFound: number) =>
    `${matched.toLocaleString('en-US')} of ${names.toLocaleString('en-US')} ${names === 1 ? 'company' : 'companies'} matched` +
    (notFound > 0 ? `; ${notFound.toLocaleString('en-US')} kept as not found` : ''),
  listDeleted: 'List deleted successfully!',
  prospectsDeleted: 'Prospects deleted successfully!',
  copied: 'Copied to clipboard!',
} as const;
