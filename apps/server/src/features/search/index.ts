/** The search feature's public surface: the filter model compiled to SQL, and paging through people. */
export { peopleConditions } from './people-filters.repository.js';
export { pagePeople } from './search.repository.js';
export { peopleSearchConditions } from './search.service.js';
export { companyIdsForSearch } from './companies/company-search.service.js';
