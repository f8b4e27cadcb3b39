export * from './enums.js';
export * from './filters.js';
export * from './normalize.js';
export * from './stored-filters.js';
