import { z } from 'zod';
import { storableText, text, trimmedText } from '../primitives.js';

/** spec/settings.md §5 and §9: the knowledge hub's limits. */
export const KNOWLEDGE_LIMITS = {
  maxSubpages: 100,
  /** .pdf and .docx attachments: 5 MB (5,242,880 bytes). */
  attachmentMaxBytes: 5_242_880,
  attachmentExtensions: ['pdf', 'docx'] as const,
  defaultProfileName: 'My First Knowledge Hub',
  profileNameMax: 100,
  maxRootUrls: 20,
  maxAdditionalInfo: 20,
  /** Characters of context text or of one extracted attachment kept. */
  maxInfoChars: 200_000,
} as const;

/** spec/settings.md §5 and §8, verbatim where the spec gives them. */
export const KNOWLEDGE_MESSAGES = {
  createStarted: 'Knowledge Hub profile creation started. It may take a few minutes to complete!',
  createFailed: 'There was an error creating the knowledge hub profile. Please try again later!',
  loadFailed: 'There was an error fetching your knowledge hub profiles. Please try again later!',
  invalidDomain: 'Please enter a valid domain',
  duplicateDomain: 'Domain already exists',
  nameRequired: 'A profile name is required',
  urlRequired: 'Add at least one website URL',
  unsupportedFile: 'Unsupported file type',
  fileTooLarge: 'File size should be less than 5 MB',
  noTextInFile: 'No text could be read from this file',
  updated: 'Knowledge Hub profile updated successfully!',
  updateFailed: 'There was an error updating the knowledge hub profile. Please try again later!',
  deleted: 'Knowledge Hub profile deleted successfully!',
  deleteFailed: 'There was an error deleting the knowledge hub profile. Please try again later!',
  defaultSet: 'Default knowledge hub profile updated successfully!',
  defaultFailed: 'There was an error setting the default knowledge hub profile. Please try again later!',
} as const;

const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A typed site as its root URL: scheme and "www." optional, a path kept, lower-cased host.
 * Null when it does not name a valid domain (spec: 'Please enter a valid domain').
 */
export function normalizeRootUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  if (!DOMAIN.test(host) && !/^\d+\.\d+\.\d+\.\d+$/.test(host) && host !== 'localhost') return null;
  url.hash = '';
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host.toLowerCase()}${path}${url.search}`;
}

export const KnowledgeStatus = z.enum(['processing', 'ready', 'failed']);
export type KnowledgeStatus = z.infer<typeof KnowledgeStatus>;

export const RootUrl = z.object({
  url: trimmedText()
    .min(1)
    .max(2048)
    .transform((value, ctx) => {
      const url = normalizeRootUrl(value);
      if (!url) {
        ctx.addIssue({ code: 'custom', message: KNOWLEDGE_MESSAGES.invalidDomain });
        return z.NEVER;
      }
      return url;
    }),
  /** Also read up to 100 same-site subpages (sitemap first, then links). */
  includeSubPages: z.boolean().default(false),
  /** A competitor's site: used as context about them, never as our own claims. */
  isCompetitor: z.boolean().default(false),
});
export type RootUrl = z.output<typeof RootUrl>;

export const AdditionalInfo = z.object({
  text: storableText().max(KNOWLEDGE_LIMITS.maxInfoChars),
  filename: text().max(255).nullish(),
  isCompetitor: z.boolean().default(false),
});
export type AdditionalInfo = z.output<typeof AdditionalInfo>;

const ProfileName = trimmedText().min(1, KNOWLEDGE_MESSAGES.nameRequired).max(KNOWLEDGE_LIMITS.profileNameMax);

const uniqueUrls = (rootUrls: Array<{ url: string }>, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  rootUrls.forEach((r, i) => {
    if (seen.has(r.url)) ctx.addIssue({ code: 'custom', path: ['rootUrls', i, 'url'], message: KNOWLEDGE_MESSAGES.duplicateDomain });
    seen.add(r.url);
  });
};

/** `POST /knowledge-hub/create-profile-state-machine` (spec/settings.md §3's create payload; userId is the caller's own). */
export const CreateKnowledgeProfileBody = z
  .object({
    userId: z.string().max(64).optional(),
    profileName: ProfileName,
    additionalInfo: z.array(AdditionalInfo).max(KNOWLEDGE_LIMITS.maxAdditionalInfo).default([]),
    rootUrls: z.array(RootUrl).min(1, KNOWLEDGE_MESSAGES.urlRequired).max(KNOWLEDGE_LIMITS.maxRootUrls),
  })
  .superRefine((body, ctx) => uniqueUrls(body.rootUrls, ctx));
export type CreateKnowledgeProfileBody = z.input<typeof CreateKnowledgeProfileBody>;

/** `PATCH /knowledge-hub/profile`: rename, and content to add; new content is crawled and indexed again. */
export const UpdateKnowledgeProfileBody = z.object({
  profileId: z.uuid(),
  profileName: ProfileName.optional(),
  addRootUrls: z.array(RootUrl).max(KNOWLEDGE_LIMITS.maxRootUrls).default([]),
  addAdditionalInfo: z.array(AdditionalInfo).max(KNOWLEDGE_LIMITS.maxAdditionalInfo).default([]),
});
export type UpdateKnowledgeProfileBody = z.input<typeof UpdateKnowledgeProfileBody>;

/** `DELETE /knowledge-hub/profile/content`: one root URL or one additional-info item (by its index), with what was read from it. */
export const DeleteKnowledgeContentBody = z
  .object({ profileId: z.uuid(), url: trimmedText().max(2048).optional(), additionalInfoIndex: z.number().int().min(0).max(1000).optional() })
  .refine((b) => (b.url === undefined) !== (b.additionalInfoIndex === undefined), { message: 'Give either url or additionalInfoIndex', path: ['url'] });
export type DeleteKnowledgeContentBody = z.input<typeof DeleteKnowledgeContentBody>;

/** `POST /knowledge-hub/delete-profile-vs-id` and `POST /knowledge-hub/set-default-kh-profile`. */
export const KnowledgeProfileIdBody = z.object({ profileId: z.uuid() });
export type KnowledgeProfileIdBody = z.input<typeof KnowledgeProfileIdBody>;

export const KnowledgeSourceDto = z.object({
  _id: z.string(),
  url: z.string().nullable(),
  title: z.string().nullable(),
  kind: z.enum(['page', 'pdf', 'docx', 'text']),
  isCompetitor: z.boolean(),
  chunks: z.number(),
});
export type KnowledgeSourceDto = z.infer<typeof KnowledgeSourceDto>;

export const KnowledgeProfileDto = z.object({
  _id: z.string(),
  userId: z.string(),
  profileName: z.string(),
  /** The profile's index of chunks (the spec's vector store); the profile id itself. */
  vectorStoreId: z.string(),
  isDefaultProfile: z.boolean(),
  createdAt: z.string(),
  rootUrls: z.array(z.object({ url: z.string(), includeSubPages: z.boolean(), isCompetitor: z.boolean() })),
  additionalInfo: z.array(z.object({ filename: z.string().nullable(), isCompetitor: z.boolean(), characters: z.number() })),
  status: KnowledgeStatus,
  progress: z.object({ done: z.number(), total: z.number().nullable() }),
  error: z.string().nullable(),
  sourceCount: z.number(),
});
export type KnowledgeProfileDto = z.infer<typeof KnowledgeProfileDto>;

export const KnowledgeProfilesResponse = z.object({ data: z.array(KnowledgeProfileDto) });
export const KnowledgeProfileResponse = z.object({ data: KnowledgeProfileDto, message: z.string().optional() });
export const KnowledgeProfileDetailResponse = z.object({ data: KnowledgeProfileDto.extend({ sources: z.array(KnowledgeSourceDto) }) });
export type KnowledgeProfileDetail = z.infer<typeof KnowledgeProfileDetailResponse>['data'];
export const KnowledgeOkResponse = z.object({ success: z.literal(true), message: z.string() });

/** An attachment's text, read by the server from a .pdf or .docx, for the create dialog's step 2. */
export const KnowledgeAttachmentResponse = z.object({ data: z.object({ filename: z.string(), text: z.string() }) });

/** The file name's extension when it is one the knowledge hub reads, else null. */
export function knowledgeAttachmentKind(filename: string): 'pdf' | 'docx' | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return ext === 'pdf' || ext === 'docx' ? ext : null;
}
