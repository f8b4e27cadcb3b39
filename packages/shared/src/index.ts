export * from './errors/app-error.js';
export * from './messages.js';
export * from './auth/schemas.js';
export * from './team-management/schemas.js';
export * from './jobs/schemas.js';
export * from './settings/tabs.js';
export * from './search/index.js';
