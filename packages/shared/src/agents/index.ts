export * from './generate-campaign.js';
export * from './schemas.js';
