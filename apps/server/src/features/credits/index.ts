/** The credits feature's public surface: the ledger's operations other features pay through. */
export {
  chargeHoldMany,
  checkLedger,
  grantCredits,
  holdCredits,
  membersCreditsUsed,
  releaseHold,
  spendCredits,
  startTeamCredits,
} from './credits.service.js';
