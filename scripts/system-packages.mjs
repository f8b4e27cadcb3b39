// The Debian packages the test suite drives for real: Chromium for the browser tests and Dovecot's
// IMAP server for the mail tests. `npm test` brings them when they are missing and apt is usable;
// otherwise it stops at once with the one command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Each package with the file whose presence shows it is installed. */
export const TEST_PACKAGES = [
  { name: 'chromium', provides: '/usr/bin/chromium', for: 'the browser tests' },
  { name: 'dovecot-imapd', provides: '/usr/sbin/dovecot', for: 'the mail tests' },
];

export function missingPackages(packages = TEST_PACKAGES) {
  return packages.filter((p) => !fs.existsSync(p.provides));
}

function canUseApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

/** Installs what is missing, or exits with the command that would. */
export function ensureSystemPackages(packages = TEST_PACKAGES) {
  const missing = missingPackages(packages);
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name).join(' ');
  if (!canUseApt()) {
    console.error(`Missing Debian packages for the tests: run \`sudo apt-get install -y ${names}\`, then \`npm test\` again.`);
    process.exit(1);
  }
  for (const p of missing) console.log(`[leadline] Installing Debian's ${p.name} for ${p.for} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...missing.map((p) => p.name)], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const stillMissing = missingPackages(missing);
  if (!install || install.status !== 0 || stillMissing.length > 0) {
    console.error(`Could not install ${names}: run \`apt-get install -y ${names}\` by hand, then \`npm test\` again.`);
    process.exit(1);
  }
}
