/** The email verification feature's public surface: checking one address (syntax, MX, SMTP RCPT). */
export { checkAddress, isEmailSyntaxValid, type AddressCheck } from './email-verification.check.js';
