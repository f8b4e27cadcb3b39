/** A hard bounce refunds the enrichment credits that bought the address if they were spent this many days ago or less. */
export const BOUNCE_REFUND_DAYS = 90;

/** The timeline's words for a bounce refund. */
export const bounceRefundDetail = (credits: number) => `${credits} enrichment credits refunded`;
