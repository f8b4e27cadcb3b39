/** The company feature's public surface: the team's name, website and enrichment preference (onboarding saves them too). */
export { updateCompanyInfo } from './company.service.js';
