export * from './enums.js';
export * from './filters.js';
export * from './normalize.js';
