import crypto from 'node:crypto';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { deliverRaw } from '../../test/mail/maildir.js';
import { buildMessage } from '../../test/mail/rich-message.js';
import { imapClient } from './mail-connections.js';
import { chunkPlans, decodedSize, fetchParsed, fetchPlans, type FetchPlan } from './message-fetch.js';
import { parseMessage, type ParsedMessage } from './message-parse.js';

const USER = { email: 'parts@example.test', password: 'parts-secret' };
const pdf = (bytes: number) => crypto.randomBytes(bytes);

/** Each message as raw MIME, with what the test expects of its fetch. */
const MESSAGES: Array<{ name: string; raw: () => Promise<Buffer>; leavesOut: boolean }> = [
  {
    name: 'text and HTML with a PDF and a small CSV',
    leavesOut: true,
    raw: async () =>
      (
        await buildMessage({
          from: 'Ava Stone <ava@prospect.test>',
          to: USER.email,
          subject: 'Proposal attached',
          text: 'Here is the proposal.\n\nRegards, Ava',
          html: '<p>Here is the <b>proposal</b>.</p><p>Regards, Ava</p>',
          attachments: [
            { filename: 'proposal.pdf', content: pdf(150_000), contentType: 'application/pdf' },
            { filename: 'seats.csv', content: 'name,seats\nacme,12\n', contentType: 'text/csv' },
          ],
        })
      ).raw,
  },
  {
    name: 'HTML only with an inline image and a PDF',
    leavesOut: true,
    raw: async () =>
      (
        await buildMessage({
          from: 'Ben Okafor <ben@prospect.test>',
          to: USER.email,
          subject: 'Our logo and the contract',
          html: '<p>Logo: <img src="cid:logo@test"></p><p>Contract attached.</p>',
          attachments: [
            { filename: 'logo.png', content: pdf(40_000), contentType: 'image/png', cid: 'logo@test' },
            { filename: 'contract.pdf', content: pdf(60_000), contentType: 'application/pdf' },
          ],
        })
      ).raw,
  },
  {
    name: 'a forwarded message with a PDF',
    leavesOut: false,
    raw: async () => {
      const inner = (await buildMessage({ from: 'cfo@prospect.test', to: 'ben@prospect.test', subject: 'Budget', text: 'Budget approved.' })).raw;
      return (
        await buildMessage({
          from: 'Ben Okafor <ben@prospect.test>',
          to: USER.email,
          subject: 'Fwd: Budget',
          text: 'See below.',
          attachments: [
            { filename: 'budget.eml', content: inner, contentType: 'message/rfc822' },
            { filename: 'budget.pdf', content: pdf(50_000), contentType: 'application/pdf' },
          ],
        })
      ).raw;
    },
  },
  {
    name: 'a message that is one PDF',
    leavesOut: true,
    raw: async () =>
      Buffer.from(
        [
          'From: scanner@prospect.test',
          `To: ${USER.email}`,
          'Subject: Scan',
          'Message-ID: <scan-1@prospect.test>',
          'MIME-Version: 1.0',
          'Content-Type: application/pdf; name="scan.pdf"',
          'Content-Disposition: attachment; filename="scan.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          (pdf(30_000).toString('base64').match(/.{1,76}/g) ?? []).join('\r\n'),
          '',
        ].join('\r\n'),
      ),
  },
  {
    name: 'a plain text message',
    leavesOut: false,
    raw: async () => (await buildMessage({ from: 'chloe@prospect.test', to: USER.email, subject: 'Quick question', text: 'Are you free on Tuesday?' })).raw,
  },
];

let dovecot: Dovecot;
let client: ImapFlow;
const sources: Buffer[] = [];

beforeAll(async () => {
  dovecot = await startDovecot([USER]);
  for (const message of MESSAGES) {
    const raw = await message.raw();
    sources.push(raw);
    deliverRaw(dovecot, USER.email, raw);
  }
  client = await imapClient({ outboundAllowPrivate: true }, { host: dovecot.host, port: dovecot.port, secure: false }, { username: USER.email, password: USER.password });
  await client.connect();
  await client.mailboxOpen('INBOX', { readOnly: true });
}, 60_000);
afterAll(async () => {
  await client?.logout();
  await dovecot?.stop();
});

/** What the sync stores of a parse, with sizes set aside (those left out are estimated). */
const stored = (p: ParsedMessage) => ({ ...p, attachments: p.attachments.map(({ size: _size, ...a }) => a) });

describe('fetching messages without their attachment bytes', () => {
  it('stores the same text, headers and attachment list as a parse of the whole message, with sizes within 2%', async () => {
    const uids = (await client.search({ all: true }, { uid: true })) || [];
    expect(uids).toHaveLength(MESSAGES.length);
    const plans = await fetchPlans(client, uids);
    const fetched = new Map<number, { plan: FetchPlan; parsed: ParsedMessage }>();
    for await (const message of fetchParsed(client, plans)) fetched.set(message.plan.uid, message);
    expect(fetched.size).toBe(MESSAGES.length);

    for (const [i, message] of MESSAGES.entries()) {
      const uid = uids[i]!;
      const { plan, parsed } = fetched.get(uid)!;
      const whole = await parseMessage(sources[i]!);
      expect(stored(parsed), message.name).toEqual(stored(whole));
      parsed.attachments.forEach((a, j) => expect(Math.abs(a.size - whole.attachments[j]!.size), `${message.name}: ${a.filename}`).toBeLessThanOrEqual(whole.attachments[j]!.size * 0.02));
      expect(Boolean(plan.parts), message.name).toBe(message.leavesOut);
      // A message fetched in parts brings its text, not its attachments.
      if (message.leavesOut) expect(plan.bytes, message.name).toBeLessThan(10_000);
    }
  });

  it('fetches a message whole when its rebuilt parts do not parse as the whole message', async () => {
    const [uid] = (await client.search({ subject: 'Proposal attached' }, { uid: true })) || [];
    const [plan] = await fetchPlans(client, [uid!]);
    // A part number that the message does not have: the check after the parse fails.
    plan!.parts!.skipped.set('9', 1000);
    const results = [];
    for await (const message of fetchParsed(client, [plan!])) results.push(message);
    expect(results).toHaveLength(1);
    expect(results[0]!.parsed.attachments.map((a) => a.size)).toEqual((await parseMessage(sources[0]!)).attachments.map((a) => a.size));
  });
});

describe('decodedSize', () => {
  it('estimates a base64 part from its encoded size within 1%', () => {
    for (const bytes of [3_000, 57_000, 200_001]) {
      const encoded = (crypto.randomBytes(bytes).toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
      expect(Math.abs(decodedSize({ size: encoded.length, encoding: 'base64' }) - bytes)).toBeLessThanOrEqual(bytes * 0.01);
    }
    expect(decodedSize({ size: 1234, encoding: '7bit' })).toBe(1234);
  });
});

describe('chunkPlans', () => {
  const plan = (uid: number, bytes: number): FetchPlan => ({ uid, bytes, modseq: undefined, flags: undefined, labels: undefined, internalDate: undefined });

  it('cuts runs at a count and at a byte budget, and keeps a message larger than the budget alone', () => {
    const plans = [plan(9, 400), plan(8, 400), plan(7, 400), plan(6, 5000), plan(5, 10), plan(4, 10), plan(3, 10)];
    expect(chunkPlans(plans, 2, 1000).map((run) => run.map((p) => p.uid))).toEqual([[9, 8], [7], [6], [5, 4], [3]]);
    expect(chunkPlans([], 2, 1000)).toEqual([]);
  });
});
