/** The credits feature's public surface: the ledger's operations other features pay through. */
export {
  chargeHoldMany,
  checkLedger,
  getCreditsInfo,
  grantCredits,
  holdCredits,
  membersCreditsUsed,
  releaseHold,
  spendCredits,
  startTeamCredits,
} from './credits.service.js';
