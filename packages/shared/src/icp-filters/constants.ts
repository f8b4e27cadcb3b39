// The ICP vocabulary without zod, so a screen that only lists ICPs does not load the schemas.

export const ICP_NAME_MAX = 75;

/** The five filters an ICP keeps (spec/settings.md §3: level, department, location, industry, size), as search filter keys. */
export const ICP_FILTER_KEYS = ['job_title_levels', 'job_title_role', 'location_country', 'industry', 'job_company_size'] as const;
export type IcpFilterKey = (typeof ICP_FILTER_KEYS)[number];

export const ICP_FILTER_LABELS: Record<IcpFilterKey, string> = {
  job_title_levels: 'Level',
  job_title_role: 'Department',
  location_country: 'Location',
  industry: 'Industry',
  job_company_size: 'Size',
};

export const ICP_MESSAGES = {
  duplicate: 'An ICP with this name already exists. Please choose a different name!',
  nameRequired: 'A name is required',
  nameTooLong: `The name must be at most ${ICP_NAME_MAX} characters`,
  filterRequired: 'Choose at least one filter value',
  created: 'ICP created successfully!',
  deleted: 'ICP deleted successfully!',
  deleteFailed: 'There was an error deleting the ICP. Please try again later!',
  createFailed: 'There was an error creating the ICP. Please try again later!',
  loadFailed: 'There was an error fetching your ICP filters. Please try again later!',
} as const;
