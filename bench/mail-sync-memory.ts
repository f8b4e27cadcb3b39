// What a process's RSS is made of, sampled while it runs: V8's heap, the memory of Buffers and
// ArrayBuffers (outside the heap), and WebAssembly memory (PGlite's embedded PostgreSQL), which
// Node reports nowhere: it is the resident part of the one mapping of several GB that V8
// reserves for a WebAssembly.Memory, read from /proc/self/smaps.
import fs from 'node:fs';

export type MemorySample = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number; wasm: number };

const KB = 1024;
/** V8 reserves 8-10 GB of address space for each WebAssembly memory; nothing else maps that much. */
const WASM_RESERVATION = 4 * 1024 * 1024 * KB;

/** Resident bytes of the WebAssembly memories (0 where /proc is missing). */
export function wasmResident(): number {
  let text: string;
  try {
    text = fs.readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return 0;
  }
  let total = 0;
  let inWasm = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('Size:')) inWasm = Number(line.split(/\s+/)[1]) * KB >= WASM_RESERVATION;
    else if (inWasm && line.startsWith('Rss:')) total += Number(line.split(/\s+/)[1]) * KB;
  }
  return total;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export function sampleMemory(): MemorySample {
  const m = process.memoryUsage();
  return { rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, wasm: wasmResident() };
}

/** The sample in MB, with what is left once the heap, the buffers and WebAssembly are taken away (code, the loader thread, native allocations). */
export function inMb(s: MemorySample) {
  return {
    rss: mb(s.rss),
    heapTotal: mb(s.heapTotal),
    heapUsed: mb(s.heapUsed),
    external: mb(s.external),
    arrayBuffers: mb(s.arrayBuffers),
    wasm: mb(s.wasm),
    rest: mb(s.rss - s.heapTotal - s.external - s.wasm),
  };
}

/**
 * Samples memoryUsage every `everyMs` (smaps, the slower read, every tenth time) and keeps the
 * sample of the highest RSS and the highest of each part.
 */
export function startMemorySampler(everyMs = 100) {
  let ticks = 0;
  let wasm = wasmResident();
  let peak = sampleMemory();
  const highest = { ...peak };
  const take = () => {
    if (ticks++ % 10 === 0) wasm = wasmResident();
    const m = process.memoryUsage();
    const s: MemorySample = { rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, wasm };
    if (s.rss > peak.rss) peak = s;
    for (const key of Object.keys(highest) as Array<keyof MemorySample>) highest[key] = Math.max(highest[key], s[key]);
  };
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      wasm = wasmResident();
      take();
      return { peak, highest };
    },
  };
}
