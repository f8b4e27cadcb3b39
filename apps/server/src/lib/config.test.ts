import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('reads TRUST_PROXY as a number of proxy hops, with true and false meaning 1 and 0', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the sign-up settings, with open sign-up and 20 an hour by default', () => {
    expect(loadConfig({})).toMatchObject({ signupMode: 'open', signupRateLimit: 20, smtpUrl: undefined });
    expect(loadConfig({ SIGNUP_MODE: 'invite', SIGNUP_RATE_LIMIT: '5' })).toMatchObject({ signupMode: 'invite', signupRateLimit: 5 });
    expect(() => loadConfig({ SIGNUP_MODE: 'nobody' })).toThrow(/SIGNUP_MODE/);
  });

  it('takes smtp:// and smtps:// mail servers, and needs PUBLIC_URL with them', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', PUBLIC_URL: 'https://leads.example.com/' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      publicUrl: 'https://leads.example.com',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', PUBLIC_URL: 'https://leads.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/PUBLIC_URL/);
  });

  it('reads the contact-sales link from CONTACT_SALES_URL or its earlier name SALES_BOOKING_URL, and refuses two different ones', () => {
    expect(loadConfig({}).contactSalesUrl).toBeUndefined();
    expect(loadConfig({ CONTACT_SALES_URL: 'https://sales.example.com/book' }).contactSalesUrl).toBe('https://sales.example.com/book');
    expect(loadConfig({ SALES_BOOKING_URL: 'https://sales.example.com/old' }).contactSalesUrl).toBe('https://sales.example.com/old');
    expect(loadConfig({ CONTACT_SALES_URL: 'https://a.example.com', SALES_BOOKING_URL: 'https://a.example.com' }).contactSalesUrl).toBe('https://a.example.com');
    expect(() => loadConfig({ CONTACT_SALES_URL: 'https://a.example.com', SALES_BOOKING_URL: 'https://b.example.com' })).toThrow(/keep CONTACT_SALES_URL only/);
    expect(() => loadConfig({ CONTACT_SALES_URL: 'javascript:alert(1)' })).toThrow(/CONTACT_SALES_URL must be an http\(s\) address/);
  });
});
