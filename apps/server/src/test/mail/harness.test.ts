import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from './dovecot.js';
import { appendGenerated } from './maildir.js';
import { startSmtpDelivery, type SmtpDelivery } from './smtp-delivery.js';

let dovecot: Dovecot;
let smtp: SmtpDelivery;
beforeAll(async () => {
  dovecot = await startDovecot();
  smtp = await startSmtpDelivery(dovecot);
});
afterAll(async () => {
  await smtp?.stop();
  await dovecot?.stop();
});

const imap = (email: string, password: string) => new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: email, pass: password }, logger: false });

describe('the test mail servers', () => {
  it('serves Maildir messages over IMAP with the special-use folders and CONDSTORE', async () => {
    appendGenerated(dovecot, 'alice@example.test', 5);
    const client = imap('alice@example.test', 'alice-secret');
    await client.connect();
    try {
      const list = await client.list();
      expect(Object.fromEntries(list.filter((f) => f.specialUse).map((f) => [f.specialUse, f.path]))).toEqual({ '\\Inbox': 'INBOX', '\\Sent': 'Sent', '\\Archive': 'Archive', '\\Junk': 'Junk', '\\Trash': 'Trash' });
      expect(client.capabilities.has('CONDSTORE')).toBe(true);
      expect(client.capabilities.has('IDLE')).toBe(true);
      const status = await client.status('INBOX', { messages: true });
      expect(status.messages).toBe(5);
    } finally {
      await client.logout();
    }
  });

  it('refuses a wrong password', async () => {
    const client = imap('bob@example.test', 'wrong');
    await expect(client.connect()).rejects.toThrow();
  });

  it('delivers a mail sent through SMTP into the recipient INBOX', async () => {
    const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, auth: { user: 'alice@example.test', pass: 'alice-secret' } });
    await transport.sendMail({ from: 'alice@example.test', to: 'bob@example.test', subject: 'Hello Bob', text: 'Through SMTP.' });
    const client = imap('bob@example.test', 'bob-secret');
    await client.connect();
    try {
      const lock = await client.getMailboxLock('INBOX');
      try {
        const found = await client.search({ subject: 'Hello Bob' }, { uid: true });
        expect(found).toHaveLength(1);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  });
});
