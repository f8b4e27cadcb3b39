// Main-thread CPU time of a page load from a Chromium trace, for bench/web-load.ts. A trace's
// tasks carry their thread (CPU) time beside their wall time: CPU time leaves out the waits that
// the CPU slowdown and other processes on the machine add, so it compares builds on a busy
// machine where wall-clock times scatter by 2-3x.
import type { CDPSession } from 'playwright-core';

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { data?: Record<string, unknown> } };

/** Starts tracing tasks; the returned function stops and hands back the events. */
export async function startTaskTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: 'disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

/**
 * CPU time (ms) of the page's main-thread tasks that started before each moment (ms after the
 * navigation to `path` started, as `performance.now()` counts).
 */
export function mainThreadCpuBefore(events: TraceEvent[], path: string, moments: number[]): number[] {
  const starts = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const navigation = starts.find((e) => String(e.args?.data?.documentLoaderURL ?? '').endsWith(path)) ?? starts.at(-1);
  if (!navigation) return moments.map(() => NaN);
  // The page's renderer main thread: the thread of the navigation's renderer that ran the most tasks.
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === navigation.pid);
  const perThread = new Map<number, number>();
  for (const task of tasks) perThread.set(task.tid, (perThread.get(task.tid) ?? 0) + (task.dur ?? 0));
  const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  return moments.map((ms) =>
    tasks
      .filter((task) => task.tid === main && task.ts >= navigation.ts && task.ts < navigation.ts + ms * 1000)
      .reduce((sum, task) => sum + (task.tdur ?? 0) / 1000, 0),
  );
}
