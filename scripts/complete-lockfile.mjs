// The npm registry reachable here mirrors only this platform's builds of packages such as
// @rollup/rollup-<os>-<cpu>, so `npm install` leaves the other platforms' optional packages out
// of package-lock.json and `npm ci` then refuses the lock as out of sync. This adds each missing
// optional platform package with the os/cpu its name states, which `npm ci` skips on other
// platforms. Run it after any `npm install` that changes the lock.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'netbsd', 'openharmony', 'win32', 'sunos', 'aix'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return null;
  const libc = os === 'linux' ? (parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc') : null;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[`node_modules/${dep}`] = { version, ...platform, optional: true, ...(entry.dev ? { dev: true } : {}) };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform packages`);
