export * from './schemas.js';
export * from './variables.js';
export * from './schedule.js';
export * from './bounces.js';
export * from './lead-timezone.js';
export * from './tracking.js';
