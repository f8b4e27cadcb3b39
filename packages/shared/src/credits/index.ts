export * from './constants.js';
export * from './schemas.js';
export * from './status.js';
