// Summaries of a Chromium CPU profile (CDP Profiler.stop) for bench/web-load.ts --profile.
// Self time says which functions burn the main thread; inclusive time (each function counted
// once per sample, however deep it recurses) says which components and libraries cost most.
// Function names are readable only in an unminified build (`vite build --minify false`).

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; parent?: number; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };

/** Samples that are no JavaScript: idle, garbage collection, the program (layout, style, paint). */
const NATIVE = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

const nameOf = ({ functionName, url, lineNumber }: CallFrame) => {
  if (NATIVE.has(functionName)) return functionName;
  const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
};

export type ProfileSummary = {
  totalMs: number;
  /** Time the main thread ran anything (all but idle). */
  busyMs: number;
  self: Array<[string, number]>;
  inclusive: Array<[string, number]>;
};

/** The mean over several runs' profiles: one run's samples scatter too much to compare builds. */
export function summariseProfiles(profiles: CpuProfile[], top = 25): ProfileSummary {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  for (const profile of profiles) {
    const times = profileTimes(profile, self, inclusive);
    totalMs += times.totalMs;
    idleMs += times.idleMs;
  }
  const runs = Math.max(1, profiles.length);
  const largest = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, ms]): [string, number] => [name, ms / runs]);
  return { totalMs: totalMs / runs, busyMs: (totalMs - idleMs) / runs, self: largest(self), inclusive: largest(inclusive) };
}

/** Adds one profile's self and inclusive times (ms) by function to the maps. */
function profileTimes(profile: CpuProfile, self: Map<string, number>, inclusive: Map<string, number>) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) byId.get(child)!.parent = node.id;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let totalMs = 0;
  let idleMs = 0;
  for (let index = 0; index < samples.length; index++) {
    // A sample's time is the gap to the next one.
    const ms = (deltas[index + 1] ?? 0) / 1000;
    const leaf = byId.get(samples[index]!)!;
    totalMs += ms;
    const leafName = nameOf(leaf.callFrame);
    if (leafName === '(idle)') idleMs += ms;
    self.set(leafName, (self.get(leafName) ?? 0) + ms);
    const seen = new Set<string>();
    for (let node: ProfileNode | undefined = leaf; node; node = node.parent === undefined ? undefined : byId.get(node.parent)) {
      const name = nameOf(node.callFrame);
      if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      seen.add(name);
    }
  }
  return { totalMs, idleMs };
}

export function printProfile(summary: ProfileSummary, runs: number) {
  console.log(`CPU profile, mean of ${runs} runs: ${summary.busyMs.toFixed(0)} ms busy of ${summary.totalMs.toFixed(0)} ms`);
  console.log('  self time:');
  for (const [name, ms] of summary.self) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  console.log('  inclusive time:');
  for (const [name, ms] of summary.inclusive) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
}
