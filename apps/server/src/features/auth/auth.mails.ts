import type { Mail } from '../../lib/mail/index.js';

export function verificationMail(values: { to: string; url: string }): Mail {
  return {
    to: values.to,
    subject: 'Confirm your email address for Leadline',
    text: [
      'Someone (we hope you) signed up for Leadline with this address.',
      '',
      `Open this link to confirm it and receive your trial credits: ${values.url}`,
      '',
      'The link works for 24 hours. If you did not sign up, ignore this email: the account stays unconfirmed.',
    ].join('\n'),
  };
}

/** To the owner of an address that already has an account, instead of a second account. */
export function signupAttemptMail(values: { to: string; loginUrl: string }): Mail {
  return {
    to: values.to,
    subject: 'Someone tried to sign up for Leadline with your address',
    text: [
      'Someone tried to create a Leadline account with this address, which already has one. Nothing was changed.',
      '',
      `If it was you, log in instead: ${values.loginUrl}`,
      '',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}
