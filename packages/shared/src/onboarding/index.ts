// Separate modules: the app shell needs only the steps and tours, not the messages or domain rules.
export * from './steps.js';
export * from './messages.js';
export * from './domains.js';
export * from './schemas.js';
