import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError } from './address-guard.js';
import { connectGuarded } from './guarded-socket.js';
import { imapConnectionOptions, smtpTransportOptions, type SmtpSocketOptions } from './mail-connections.js';

const NAME = 'mail.example.test';
const loopback = async () => [{ address: '127.0.0.1', family: 4 }];

/** The first line a server sends, as IMAP and SMTP servers greet first. */
const greeting = (socket: net.Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk) => resolve(chunk.toString().trim()));
    socket.once('error', reject);
  });

let dir: string;
let cert: string;
let tcpServer: net.Server;
let tlsServer: tls.Server;
let tcpPort: number;
let tlsPort: number;

beforeAll(async () => {
  // A self-signed certificate for NAME only, made for this run.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-guarded-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    '-subj', `/CN=${NAME}`, '-addext', `subjectAltName=DNS:${NAME}`,
  ], { stdio: 'ignore' });
  cert = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  tcpServer = net.createServer((socket) => socket.end('* OK plain server ready\r\n'));
  tlsServer = tls.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert }, (socket) =>
    socket.end(`* OK tls server ready for ${(socket as tls.TLSSocket & { servername?: string }).servername ?? 'no sni'}\r\n`),
  );
  await new Promise<void>((r) => tcpServer.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
  tcpPort = (tcpServer.address() as net.AddressInfo).port;
  tlsPort = (tlsServer.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => tcpServer.close(r));
  await new Promise((r) => tlsServer.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('guarded TCP and TLS connections', () => {
  it('refuses a loopback server unless private networks are allowed (TCP)', async () => {
    await expect(connectGuarded({ host: '127.0.0.1', port: tcpPort, allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(connectGuarded({ host: 'localhost', port: tcpPort, allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
    const socket = await connectGuarded({ host: '127.0.0.1', port: tcpPort, allowPrivateNetwork: true });
    expect(await greeting(socket)).toBe('* OK plain server ready');
  });

  it('refuses a loopback server unless private networks are allowed (TLS), and checks the certificate against the name', async () => {
    const tlsOptions = { ca: cert };
    await expect(connectGuarded({ host: NAME, port: tlsPort, tls: tlsOptions, lookup: loopback, allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
    const socket = (await connectGuarded({ host: NAME, port: tlsPort, tls: tlsOptions, lookup: loopback, allowPrivateNetwork: true })) as tls.TLSSocket;
    expect(socket.authorized).toBe(true);
    expect(socket.remoteAddress).toBe('127.0.0.1');
    expect(await greeting(socket)).toBe(`* OK tls server ready for ${NAME}`);
    // The same server under another name: the certificate does not match, so no connection.
    await expect(connectGuarded({ host: 'other.example.test', port: tlsPort, tls: tlsOptions, lookup: loopback, allowPrivateNetwork: true })).rejects.toThrow(/other\.example\.test/);
    // And a certificate nobody vouches for is refused.
    await expect(connectGuarded({ host: NAME, port: tlsPort, tls: true, lookup: loopback, allowPrivateNetwork: true })).rejects.toThrow(/self.signed/i);
  });

  it('refuses a name that resolves to a private address, even beside a public one', async () => {
    for (const answer of [[{ address: '10.1.2.3', family: 4 }], [{ address: '93.184.216.34', family: 4 }, { address: '192.168.1.10', family: 4 }], [{ address: 'fd00::1', family: 6 }]]) {
      let asked = 0;
      const lookup = async () => (asked++, answer);
      await expect(connectGuarded({ host: 'imap.customer.test', port: 993, tls: true, lookup, allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
      expect(asked).toBe(1);
    }
  });

  it('refuses IPv4-mapped IPv6 addresses of private networks', async () => {
    await expect(connectGuarded({ host: '::ffff:127.0.0.1', port: tcpPort, allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(connectGuarded({ host: '[::ffff:7f00:1]', port: tcpPort, allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
    const lookup = async () => [{ address: '::ffff:10.0.0.1', family: 6 }];
    await expect(connectGuarded({ host: 'smtp.customer.test', port: 587, lookup, allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('connects to a checked address, trying the next when one refuses', async () => {
    // The servers listen on 127.0.0.1 only: 127.0.0.2 refuses.
    const lookup = async () => [{ address: '127.0.0.2', family: 4 }, { address: '127.0.0.1', family: 4 }];
    const socket = await connectGuarded({ host: 'two.example.test', port: tcpPort, lookup, allowPrivateNetwork: true });
    expect(socket.remoteAddress).toBe('127.0.0.1');
    expect(await greeting(socket)).toBe('* OK plain server ready');
    await expect(connectGuarded({ host: 'two.example.test', port: tcpPort, lookup: async () => [{ address: '127.0.0.2', family: 4 }], allowPrivateNetwork: true })).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('the mail libraries through the guard', () => {
  it('gives nodemailer a connected TLS socket through getSocket, and an error for a private server', async () => {
    const server = { host: NAME, port: tlsPort, secure: true };
    const ask = (allowPrivateNetwork: boolean) =>
      new Promise<SmtpSocketOptions>((resolve, reject) =>
        smtpTransportOptions(server, { allowPrivateNetwork, lookup: loopback, tls: { ca: cert } }).getSocket({}, (error, options) => (error ? reject(error) : resolve(options as SmtpSocketOptions))),
      );
    await expect(ask(false)).rejects.toBeInstanceOf(BlockedAddressError);
    const { connection, secured } = await ask(true);
    expect(secured).toBe(true);
    expect((connection as tls.TLSSocket).authorized).toBe(true);
    expect(await greeting(connection)).toBe(`* OK tls server ready for ${NAME}`);
  });

  it('gives imapflow the checked address to dial and the name for SNI and the certificate', async () => {
    await expect(imapConnectionOptions({ host: NAME, port: tlsPort, secure: true }, { allowPrivateNetwork: false, lookup: loopback })).rejects.toBeInstanceOf(BlockedAddressError);
    const options = await imapConnectionOptions({ host: NAME, port: tlsPort, secure: true }, { allowPrivateNetwork: true, lookup: loopback, tls: { ca: cert } });
    expect(options).toEqual({ host: '127.0.0.1', port: tlsPort, secure: true, servername: NAME, tls: { ca: cert } });
    // What imapflow's connect() does with them: tls.connect({ host, servername, port, ...tls }).
    const socket = tls.connect({ host: options.host, servername: options.servername!, port: options.port, ...options.tls });
    await new Promise((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
    expect(socket.authorized).toBe(true);
    expect(await greeting(socket)).toBe(`* OK tls server ready for ${NAME}`);
  });
});
