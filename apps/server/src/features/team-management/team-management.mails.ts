import type { Mail } from '../../lib/mail/index.js';

export function invitationMail(values: { to: string; teamName: string; inviterName: string; role: string; url: string; expiresAt: Date }): Mail {
  return {
    to: values.to,
    subject: `${values.inviterName} invited you to join ${values.teamName} on Leadline`,
    text: [
      `${values.inviterName} invited you to join ${values.teamName} on Leadline as ${values.role.toLowerCase()}.`,
      '',
      `Open this link to accept or decline: ${values.url}`,
      '',
      `The link works once, for this address only, until ${values.expiresAt.toUTCString()}.`,
    ].join('\n'),
  };
}
