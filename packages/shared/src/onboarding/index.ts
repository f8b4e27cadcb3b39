export * from './steps.js';
export * from './schemas.js';
