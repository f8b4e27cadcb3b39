/**
 * Campaigns: email sequences sent from the team's mailboxes to the contacts of its lists, with
 * a scheduler (scheduler.ts), exactly-once sending (send-email.ts), and the suppression list.
 * Other features reach campaigns over HTTP, except SalesGPT, which drafts one from a brief.
 */
export { generateDraftCampaign } from './generate-campaign.service.js';
