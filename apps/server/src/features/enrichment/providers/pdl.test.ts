import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../../lib/http/outbound.js';
import { startPdlServer } from '../../../test/vendors/pdl-server.js';
import { createPdlProvider } from './pdl.js';
import { ProviderUnavailableError, type EnrichmentQuery } from './types.js';

const KEY = 'test-key';
const PEOPLE = [
  {
    likelihood: 9,
    linkedin_url: 'linkedin.com/in/rita-ng',
    full_name: 'rita ng',
    company: 'umbrella.com',
    data: { work_email: 'Rita.Ng@Umbrella.com', personal_emails: ['rita@gmail.com'], mobile_phone: '+1 555 0142', phone_numbers: ['+1 555 0142', '+1 555 0199'] },
  },
  { likelihood: 4, linkedin_url: 'linkedin.com/in/weak-match', data: { work_email: 'weak@x.com' } },
];

let pdl: Awaited<ReturnType<typeof startPdlServer>>;
beforeAll(async () => {
  pdl = await startPdlServer({ people: PEOPLE, apiKey: KEY });
});
afterAll(() => pdl.close());

const query = (q: Partial<EnrichmentQuery>): EnrichmentQuery => ({
  personId: null, linkedinUrl: null, fullName: null, firstName: null, lastName: null, companyName: null, companyDomain: null, location: null, ...q,
});
const client = createOutboundClient({ allowPrivateNetwork: true, baseDelayMs: 1 });
const provider = (url = pdl.url, apiKey = KEY) => createPdlProvider({ apiKey, baseUrl: url, minLikelihood: 6, client });
const all = { email: true, phone: true, personalEmails: false };

describe('People Data Labs provider', () => {
  it('finds a person by LinkedIn URL: work email valid, mobile valid, other numbers other', async () => {
    const before = pdl.requests.length;
    const answer = await provider().lookup(query({ linkedinUrl: 'linkedin.com/in/rita-ng' }), all);
    expect(answer).toEqual({
      provider: 'people_data_labs',
      emails: [{ email: 'rita.ng@umbrella.com', status: 'valid', kind: 'work' }],
      phones: [{ phoneNumber: '+1 555 0142', status: 'valid' }, { phoneNumber: '+1 555 0199', status: 'other' }],
    });
    const sent = pdl.requests[before]!;
    expect(sent.searchParams.get('profile')).toBe('linkedin.com/in/rita-ng');
    expect(sent.searchParams.get('min_likelihood')).toBe('6');
    expect(sent.searchParams.get('required')).toBe('emails OR phone_numbers');
  });

  it('finds a person by name and company, with personal emails only when they are wanted', async () => {
    const answer = await provider().lookup(query({ fullName: 'Rita Ng', companyName: 'Umbrella', companyDomain: 'umbrella.com' }), { email: true, phone: false, personalEmails: true });
    expect(answer?.emails.map((e) => [e.email, e.status])).toEqual([['rita.ng@umbrella.com', 'valid'], ['rita@gmail.com', 'personal']]);
    expect(answer?.phones).toEqual([]);
  });

  it('answers an empty find for 404 and for a match below min_likelihood', async () => {
    expect(await provider().lookup(query({ linkedinUrl: 'linkedin.com/in/nobody' }), all)).toEqual({ provider: 'people_data_labs', emails: [], phones: [] });
    expect(await provider().lookup(query({ linkedinUrl: 'linkedin.com/in/weak-match' }), all)).toEqual({ provider: 'people_data_labs', emails: [], phones: [] });
  });

  it('waits out 429s as the rate-limit headers say, then answers', async () => {
    const limited = await startPdlServer({ people: PEOPLE, apiKey: KEY, rateLimitFirst: 2 });
    try {
      const answer = await provider(limited.url).lookup(query({ linkedinUrl: 'linkedin.com/in/rita-ng' }), all);
      expect(answer?.emails).toHaveLength(1);
      expect(limited.requests).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('is unavailable with a refused key or a vendor that keeps failing', async () => {
    await expect(provider(pdl.url, 'wrong').lookup(query({ linkedinUrl: 'linkedin.com/in/rita-ng' }), all)).rejects.toThrow(
      new ProviderUnavailableError('people_data_labs', 'the API key was refused'),
    );
    const broken = await startPdlServer({ people: PEOPLE, apiKey: KEY, failWith: 500 });
    try {
      await expect(provider(broken.url).lookup(query({ linkedinUrl: 'linkedin.com/in/rita-ng' }), all)).rejects.toBeInstanceOf(ProviderUnavailableError);
      expect(broken.requests).toHaveLength(4); // the first try and three retries
    } finally {
      await broken.close();
    }
  });

  it('does not call PDL when the query has too little to match on', async () => {
    const before = pdl.requests.length;
    expect(await provider().lookup(query({ fullName: 'Rita Ng' }), all)).toBeNull();
    expect(pdl.requests.length).toBe(before);
  });
});
