import { z } from 'zod';
import { multilineText, text } from '../primitives.js';

/** `GET /t/o/{token}` (open pixel) and `GET /t/c/{token}?u=` (click): the signed token of one email. */
export const TrackingParams = z.object({ token: text().max(100).describe('The email and an HMAC of what the link is for') });

/** The link's target, covered by the token's HMAC: any other address answers 404. */
export const ClickQuery = z.object({ u: text().max(4000).describe('The address the link was written with') });

/** `GET|PUT /api/v1/company/postal-address`: the sender postal address campaign emails end with (CAN-SPAM). */
export const PostalAddressBody = z.object({
  postalAddress: multilineText().max(500).describe('Street, city, postal code and country, one or more lines; empty removes it'),
});
export type PostalAddressBody = z.infer<typeof PostalAddressBody>;
export const PostalAddressResponse = z.object({ data: z.object({ postalAddress: z.string().nullable() }) });

export const COMPLIANCE_MESSAGES = {
  noPostalAddress: 'Your emails have no sender postal address yet. Anti-spam laws such as CAN-SPAM require one.',
  postalAddressSaved: 'Postal address saved',
} as const;
