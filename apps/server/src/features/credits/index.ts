/** The credits feature's public surface: the ledger's operations other features pay through. */
export {
  chargeHoldMany,
  checkLedger,
  getCreditsInfo,
  getUserCreditsUsed,
  grantCredits,
  holdCredits,
  insufficientCredits,
  membersCreditsUsed,
  refundCharge,
  releaseHold,
  releaseStaleHolds,
  spendCredits,
  spendCreditsMany,
  startTeamCredits,
} from './credits.service.js';
