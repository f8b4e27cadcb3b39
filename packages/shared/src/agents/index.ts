export * from './generate-campaign.js';
