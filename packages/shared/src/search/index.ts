export * from './enums.js';
export * from './filters.js';
export * from './normalize.js';
export * from './saved-search-title.js';
