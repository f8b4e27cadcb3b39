/** The credits feature's public surface: the ledger's operations other features pay through. */
export {
  chargeHoldMany,
  holdCredits,
  membersCreditsUsed,
  releaseHold,
  spendCredits,
  startTeamCredits,
} from './credits.service.js';
