/**
 * A list builder's plain-words ideal customer profile becomes our filter model: the model fills
 * a small structured form (titles, levels, sizes, countries, industries, keywords), which is
 * turned into filters and validated by the shared search schema, so nothing the model writes
 * reaches SQL except through the same filters a person could have picked.
 */
import { AppError, COMPANY_SIZES, JOB_LEVELS, normalizeFilters, SearchFilters } from '@leadline/shared';
import { AGENT_MESSAGES } from '@leadline/shared/agents/index';
import { z } from 'zod';
import type { AiProvider } from '../ai/index.js';
import { loadPrompt, renderPrompt, untrusted } from '../ai/index.js';

const IcpForm = z.object({
  jobTitles: z.array(z.string()),
  jobLevels: z.array(z.string()),
  companySizes: z.array(z.string()),
  countries: z.array(z.string()),
  industries: z.array(z.string()),
  keywords: z.string(),
});
export type IcpForm = z.infer<typeof IcpForm>;

const options = (values: string[]) => values.map((v) => v.trim()).filter(Boolean).slice(0, 50).map((v) => ({ label: v, value: v.toLowerCase(), status: 'include' as const }));

/** The form as filters, or a failure when it says nothing or fails the shared schema. */
export function filtersOf(form: IcpForm): SearchFilters {
  const raw = {
    job_title: options(form.jobTitles),
    job_title_levels: options(form.jobLevels.filter((l) => (JOB_LEVELS as readonly string[]).includes(l.trim().toLowerCase()))),
    job_company_size: options(form.companySizes.filter((s) => (COMPANY_SIZES as readonly string[]).includes(s.trim()))),
    location_country: options(form.countries),
    industry: options(form.industries),
    ...(form.keywords.trim() ? { keywords: form.keywords.trim().slice(0, 500) } : {}),
  };
  const parsed = SearchFilters.safeParse(raw);
  if (!parsed.success) throw new AppError('PROVIDER_UNAVAILABLE', AGENT_MESSAGES.noFilters, { cause: parsed.error });
  const filters = normalizeFilters(parsed.data);
  if (Object.values(filters).every((v) => v === undefined || (Array.isArray(v) && v.length === 0))) throw new AppError('PROVIDER_UNAVAILABLE', AGENT_MESSAGES.noFilters);
  return filters;
}

export async function icpToFilters(ai: AiProvider, teamId: string, icp: string): Promise<SearchFilters> {
  const messages = renderPrompt(loadPrompt('agent-icp-filters', 1), { icp: untrusted('ideal customer profile', icp), levels: JOB_LEVELS.join(', '), sizes: COMPANY_SIZES.join(', ') });
  const form = await ai.completeJson({ teamId, messages, temperature: 0, schemaName: 'icp_filters', schema: IcpForm });
  return filtersOf(form);
}
