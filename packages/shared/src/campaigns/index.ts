export * from './schemas.js';
export * from './variables.js';
export * from './schedule.js';
export * from './templates.js';
export * from './suppressions.js';
export * from './body.js';
