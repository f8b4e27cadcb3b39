import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A loopback mail exchanger for email verification tests: a real SMTP server that answers RCPT
 * as a domain's MX would. Listed mailboxes are accepted (250), others refused (550); any address
 * at catchall.test is accepted; greylist.test is deferred (451). It never takes a message.
 */
export async function startMxFixture(mailboxes: string[]) {
  const rcpts: string[] = [];
  const server = new SMTPServer({
    // A loopback server: no reverse DNS lookup of the client.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      rcpts.push(to);
      if (to.endsWith('@catchall.test')) return callback();
      if (to.endsWith('@greylist.test')) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      if (mailboxes.includes(to)) return callback();
      return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback(new Error('no mail is accepted here')));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, rcpts, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The zone the verification tests use: three domains on one loopback MX, and one without MX. */
export const VERIFICATION_ZONE = {
  'valid.test': { mx: [{ priority: 10, exchange: 'mx.valid.test' }] },
  'catchall.test': { mx: [{ priority: 10, exchange: 'mx.valid.test' }] },
  'greylist.test': { mx: [{ priority: 10, exchange: 'mx.valid.test' }] },
  'mx.valid.test': { a: ['127.0.0.1'] },
  // A domain that exists without a mail server.
  'nomx.test': { a: ['127.0.0.1'] },
};
