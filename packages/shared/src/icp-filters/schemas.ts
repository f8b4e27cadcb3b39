import { z } from 'zod';
import { trimmedText } from '../primitives.js';
import { SearchFilters, type SearchFilters as SearchFiltersType } from '../search/filters.js';
import { ICP_FILTER_KEYS, ICP_MESSAGES, ICP_NAME_MAX, type IcpFilterKey } from './constants.js';

export const IcpFilters = SearchFilters.pick({
  job_title_levels: true,
  job_title_role: true,
  location_country: true,
  industry: true,
  job_company_size: true,
});
export type IcpFilters = z.infer<typeof IcpFilters>;

export const hasIcpFilterValue = (filters: Partial<Pick<SearchFiltersType, IcpFilterKey>>) =>
  ICP_FILTER_KEYS.some((key) => (filters[key]?.length ?? 0) > 0);

/** `POST /icp-filters/create`. */
/** An ICP's name, the one rule of the create form, the create body and the delete body. */
export const IcpName = trimmedText().min(1, ICP_MESSAGES.nameRequired).max(ICP_NAME_MAX, ICP_MESSAGES.nameTooLong);

export const IcpCreateBody = z.object({
  name: IcpName,
  filters: IcpFilters.refine(hasIcpFilterValue, ICP_MESSAGES.filterRequired),
});
export type IcpCreateBody = z.infer<typeof IcpCreateBody>;
export type IcpCreateBodyInput = z.input<typeof IcpCreateBody>;

/** `DELETE /icp-filters/delete`. */
export const IcpDeleteBody = z.object({ name: IcpName });

/** spec/settings.md §3 "ICP": name, userName, createdAt, the filters; and how many people match it now. */
export const IcpDto = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  userName: z.string(),
  createdAt: z.string(),
  filters: IcpFilters,
  matches: z.object({ total: z.number().int(), isLowerBound: z.boolean() }).describe('People of the database matching the ICP now, capped like the search count'),
});
export type IcpDto = z.infer<typeof IcpDto>;

export const IcpListResponse = z.object({ data: z.array(IcpDto) });
export const IcpCreateResponse = z.object({ data: IcpDto });
export const IcpDeleteResponse = z.object({ data: z.object({ name: z.string() }) });
