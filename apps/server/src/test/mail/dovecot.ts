/**
 * Debian's Dovecot for the mail tests: started on a free loopback port with a config written
 * into a temp dir (never the system's), users from a passwd-file, a Maildir per user under the
 * same dir, and plain-text login allowed (loopback only, `ssl = no`). CONDSTORE, QRESYNC and
 * IDLE are on by default in Dovecot 2.3.
 *
 * Dovecot refuses to run its login processes and mail processes as root: when the tests run
 * as root, those run as `nobody` and the Maildir belongs to it; otherwise as the current user.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const DOVECOT_BINARY = '/usr/sbin/dovecot';

export type MailUser = { email: string; password: string };

export type Dovecot = {
  host: '127.0.0.1';
  port: number;
  dir: string;
  users: MailUser[];
  /** The Maildir of `email` (INBOX), or of one of its folders (`Sent`, `Archive`, ...). */
  maildir(email: string, folder?: string): string;
  /** Owner the Maildir files must have (Dovecot's mail user). */
  owner: { uid: number; gid: number };
  stop(): Promise<void>;
};

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function mailOwner(): { user: string; group: string; uid: number; gid: number } {
  const info = os.userInfo();
  if (info.uid !== 0) {
    const group = fs.readFileSync('/etc/group', 'utf8').split('\n').find((line) => line.split(':')[2] === String(info.gid))?.split(':')[0];
    return { user: info.username, group: group ?? String(info.gid), uid: info.uid, gid: info.gid };
  }
  return { user: 'nobody', group: 'nogroup', uid: 65534, gid: 65534 };
}

const SPECIAL_FOLDERS = [
  ['Sent', '\\Sent'],
  ['Archive', '\\Archive'],
  ['Junk', '\\Junk'],
  ['Trash', '\\Trash'],
] as const;

/**
 * XOAUTH2 and OAUTHBEARER through Dovecot's oauth2 passdb: the token is checked by asking
 * `userinfoUrl` with it as a Bearer token (`introspection_mode = auth`, as Dovecot's own
 * example for Google's userinfo endpoint) and the answer's `email` must be the login name.
 */
function oauth2Passdb(dir: string, userinfoUrl: string | undefined) {
  if (!userinfoUrl) return '';
  fs.writeFileSync(path.join(dir, 'oauth2.conf.ext'), `introspection_mode = auth\nintrospection_url = ${userinfoUrl}\nusername_attribute = email\n`);
  return `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}
`;
}

function config(dir: string, port: number, owner: ReturnType<typeof mailOwner>, userinfoUrl?: string): string {
  const mailboxes = SPECIAL_FOLDERS.map(([name, use]) => `  mailbox ${name} {\n    special_use = ${use}\n    auto = subscribe\n  }`).join('\n');
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${userinfoUrl ? ' xoauth2 oauthbearer' : ''}
login_trusted_networks = 127.0.0.0/8
default_internal_user = ${owner.user}
default_internal_group = ${owner.group}
default_login_user = ${owner.user}
mail_location = maildir:${dir}/mail/%u
mail_uid = ${owner.user}
mail_gid = ${owner.group}
first_valid_uid = ${owner.uid}
last_valid_uid = 0
first_valid_gid = 0
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
${oauth2Passdb(dir, userinfoUrl)}userdb {
  driver = static
  args = uid=${owner.user} gid=${owner.group} home=${dir}/mail/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  inet_listener http {
    port = 0
  }
}
namespace inbox {
  inbox = yes
  separator = /
${mailboxes}
}
`;
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('data', (chunk) => (socket.destroy(), resolve(chunk.toString().startsWith('* OK'))));
    socket.once('error', () => resolve(false));
  });

/**
 * Starts Dovecot for `users` (default: two); stop() ends it and removes its dir. With
 * `oauth2UserinfoUrl`, it also accepts XOAUTH2/OAUTHBEARER logins whose token that URL vouches for.
 */
export async function startDovecot(
  users: MailUser[] = [
    { email: 'alice@example.test', password: 'alice-secret' },
    { email: 'bob@example.test', password: 'bob-secret' },
  ],
  options: { oauth2UserinfoUrl?: string } = {},
): Promise<Dovecot> {
  if (!fs.existsSync(DOVECOT_BINARY)) throw new Error(`Dovecot is not installed (${DOVECOT_BINARY}): apt-get install dovecot-imapd`);
  const owner = mailOwner();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-dovecot-'));
  // Dovecot's unprivileged processes must reach the dir and write the Maildirs.
  fs.chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub));
  fs.chownSync(path.join(dir, 'mail'), owner.uid, owner.gid);
  fs.writeFileSync(path.join(dir, 'users'), users.map((u) => `${u.email}:{PLAIN}${u.password}`).join('\n') + '\n');
  let port = 0;
  let child!: ChildProcess;
  let stderr = '';
  let exited = false;
  const log = () => `${stderr}${fs.existsSync(path.join(dir, 'dovecot.log')) ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8') : ''}`;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    fs.writeFileSync(path.join(dir, 'dovecot.conf'), config(dir, port, owner, options.oauth2UserinfoUrl));
    const started = spawn(DOVECOT_BINARY, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    stderr = '';
    exited = false;
    started.stderr!.on('data', (chunk) => (stderr += chunk));
    started.once('exit', () => {
      if (child === started) exited = true;
    });
    try {
      await until(async () => {
        if (exited) throw new Error(`Dovecot exited at start: ${log()}`);
        return accepts(port);
      }, 20_000, `Dovecot on port ${port}: ${log()}`);
      break;
    } catch (error) {
      started.kill('SIGKILL');
      // The free port was taken before Dovecot bound it (a free port comes from the range outgoing
      // connections use too, and the test suite runs many processes): another port, a few times.
      if (attempt < 5 && /Address already in use/.test(log())) {
        fs.rmSync(path.join(dir, 'dovecot.log'), { force: true });
        continue;
      }
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  const maildir = (email: string, folder?: string) => path.join(dir, 'mail', email, folder && folder !== 'INBOX' ? `.${folder.replace(/\//g, '.')}` : '');
  return {
    host: '127.0.0.1',
    port,
    dir,
    users,
    maildir,
    owner: { uid: owner.uid, gid: owner.gid },
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
