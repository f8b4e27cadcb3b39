export { activateInvitation, claimInvitation } from './team-management.service.js';
