/** The idempotency key of the 2 credits that pay for a campaign email: planning and the send job use the same, so it is paid once. */
export const sendChargeKey = (sendId: string) => `campaign-send:${sendId}`;
