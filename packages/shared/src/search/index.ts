export * from './enums.js';
export * from './filters.js';
export * from './metering.js';
export * from './normalize.js';
export * from './company-filters.js';
export * from './saved-search-title.js';
export * from './stored-filters.js';
