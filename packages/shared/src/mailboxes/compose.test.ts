import { describe, expect, it } from 'vitest';
import { answerSubject, SendMailFields } from './compose.js';

describe('the compose fields', () => {
  it('prefixes Re: and Fwd: once, whatever their case', () => {
    expect(answerSubject('reply', 'Pricing')).toBe('Re: Pricing');
    expect(answerSubject('reply', 'RE: Pricing')).toBe('RE: Pricing');
    expect(answerSubject('forward', 'Pricing')).toBe('Fwd: Pricing');
    expect(answerSubject('forward', 'FW: Pricing')).toBe('FW: Pricing');
    expect(answerSubject('forward', 'Re: Pricing')).toBe('Fwd: Re: Pricing');
    expect(answerSubject('new', 'Pricing')).toBe('Pricing');
  });

  it('reads the address lists as JSON, trimmed, and names the first bad address', () => {
    const parsed = SendMailFields.parse({ from: ' Sam@Example.com ', to: '[" ann@example.com "]', bcc: '["bo@example.com"]' });
    expect(parsed).toMatchObject({ from: 'sam@example.com', to: ['ann@example.com'], cc: [], bcc: ['bo@example.com'], sendType: 'new', subject: '', html: '' });
    const bad = SendMailFields.safeParse({ from: 'sam@example.com', to: '["ann@example.com", "ann at example"]' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['to'], message: '“ann at example” is not a valid email address.' });
  });

  it('wants a recipient, and the original of a reply or forward', () => {
    expect(SendMailFields.safeParse({ from: 'sam@example.com' }).error?.issues[0]).toMatchObject({ path: ['to'], message: 'Add at least one recipient in To, Cc or Bcc.' });
    const reply = SendMailFields.safeParse({ from: 'sam@example.com', cc: '["a@example.com"]', sendType: 'reply' });
    expect(reply.error?.issues.map((i) => i.path.join('.'))).toEqual(['replyToId']);
  });

  it('refuses a NUL in the body and a list that is not an array of strings', () => {
    expect(SendMailFields.safeParse({ from: 'sam@example.com', to: '["a@example.com"]', html: 'a\u0000b' }).success).toBe(false);
    expect(SendMailFields.safeParse({ from: 'sam@example.com', to: '{"a":1}' }).success).toBe(false);
    expect(SendMailFields.safeParse({ from: 'sam@example.com', to: '["a@example.com"]', forwardAttachments: '[-1]' }).success).toBe(false);
    expect(SendMailFields.parse({ from: 'sam@example.com', to: '["a@example.com"]', forwardAttachments: '[0,2]' }).forwardAttachments).toEqual([0, 2]);
  });
});
