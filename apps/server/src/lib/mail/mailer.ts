import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export type Mail = { to: string; subject: string; text: string };

/** Sends mail through the operator's SMTP server. */
export type Mailer = { send(mail: Mail): Promise<void> };

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // No pool: a send opens its own connection, so nothing stays open between mails.
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** The configured mailer, or null when the server cannot send email (no SMTP_URL). */
export function mailerFor(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | null {
  const { smtpUrl, mailFrom } = config;
  if (!smtpUrl) return null;
  return {
    async send(mail) {
      await transportFor(smtpUrl).sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
