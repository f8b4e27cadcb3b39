// An SMTP server that answers at once, for the campaign bench's "own overhead per email (instant
// SMTP)": the tests' smtp-server waits 100 ms before its greeting (to catch clients that talk too
// soon), which would bury a 2 ms figure in its own noise. This one greets at once, takes any
// login (AUTH PLAIN or LOGIN), every sender and recipient, and keeps each message it receives.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type ReceivedRaw = { from: string; to: string[]; raw: Buffer };

export async function startInstantSmtp(): Promise<{ port: number; received: ReceivedRaw[]; close(): Promise<void> }> {
  const received: ReceivedRaw[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setNoDelay(true);
    let buffer: Buffer = Buffer.alloc(0);
    let data: Buffer[] | null = null;
    let loginSteps = 0;
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const onLine = (line: string) => {
      if (loginSteps > 0) {
        loginSteps--;
        reply(loginSteps > 0 ? '334 UGFzc3dvcmQ6' : '235 2.7.0 Accepted');
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') reply('250-instant.test\r\n250-PIPELINING\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 AUTH PLAIN LOGIN');
      else if (verb === 'HELO') reply('250 instant.test');
      else if (verb === 'AUTH') {
        const [, method, initial] = line.split(' ');
        if (method?.toUpperCase() === 'LOGIN') {
          loginSteps = initial ? 1 : 2;
          reply(initial ? '334 UGFzc3dvcmQ6' : '334 VXNlcm5hbWU6');
        } else if (initial) reply('235 2.7.0 Accepted');
        else {
          loginSteps = 1;
          reply('334 ');
        }
      } else if (verb === 'MAIL') {
        envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] };
        reply('250 2.1.0 Ok');
      } else if (verb === 'RCPT') {
        envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 2.1.5 Ok');
      } else if (verb === 'DATA') {
        data = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 Ok');
      else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else reply('502 5.5.2 Command not recognized');
    };
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data.push(buffer.subarray(0, end + 2));
          buffer = buffer.subarray(end + 5);
          received.push({ ...envelope, raw: Buffer.concat(data) });
          data = null;
          reply('250 2.0.0 Ok: queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.subarray(0, end).toString('latin1');
        buffer = buffer.subarray(end + 2);
        onLine(line);
      }
    });
    reply('220 instant.test ESMTP');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
