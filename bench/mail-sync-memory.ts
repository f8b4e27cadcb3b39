// What a process's RSS is made of, sampled while it runs: V8's heap, the memory outside it
// (external: Buffers and ArrayBuffers, and PGlite's WebAssembly memory, which V8 counts there),
// and the rest (compiled code, WebAssembly code, tsx's loader thread, native allocations).
export type MemorySample = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export function sampleMemory(): MemorySample {
  const m = process.memoryUsage();
  return { rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
}

/** The sample in MB, with what is left once the heap and external memory are taken away. */
export function inMb(s: MemorySample) {
  return {
    rss: mb(s.rss),
    heapTotal: mb(s.heapTotal),
    heapUsed: mb(s.heapUsed),
    external: mb(s.external),
    arrayBuffers: mb(s.arrayBuffers),
    rest: mb(s.rss - s.heapTotal - s.external),
  };
}

/** Samples memoryUsage every `everyMs` and keeps the sample of the highest RSS and the highest of each part. */
export function startMemorySampler(everyMs = 100) {
  let peak = sampleMemory();
  const highest = { ...peak };
  const take = () => {
    const s = sampleMemory();
    if (s.rss > peak.rss) peak = s;
    for (const key of Object.keys(highest) as Array<keyof MemorySample>) highest[key] = Math.max(highest[key], s[key]);
  };
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak, highest };
    },
  };
}
