/** The search feature's public surface: the filter model compiled to SQL, paging through people, and the metering of search runs. */
export { peopleConditions } from './people-filters.repository.js';
export { assertSearchRunAffordable, meterSearchRun, type SearchPayer } from './search-metering.js';
export { pagePeople } from './search.repository.js';
export { companyIdsForSearch } from './companies/company-search.service.js';
export { countPeople, peopleSearchConditions } from './search.service.js';
