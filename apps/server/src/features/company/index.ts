/** The company feature's public surface: naming the team (onboarding's company step does it too). */
export { updateTeamCompany } from './company.repository.js';
