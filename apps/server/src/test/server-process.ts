import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const MAIN = path.join(import.meta.dirname, '../main.ts');

/** A port nobody listens on right now (the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = {
  /** http://127.0.0.1:PORT (serve mode). */
  url: string;
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGKILL: the process dies at once, mid-job, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful stop of main.ts. */
  stop(): Promise<void>;
};

/**
 * Runs `main.ts serve` (or `worker`) as a child process with `env` over this one's, and
 * waits until it says it is ready. Its output is kept; with `echo` it is also printed.
 */
export async function startServerProcess(
  mode: 'serve' | 'worker',
  env: Record<string, string | undefined>,
  options: { readyTimeoutMs?: number; echo?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // An undefined value removes the variable (a vendor key of the test's own environment, say).
  const childEnv = Object.fromEntries(
    Object.entries({ ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env }).filter(([, v]) => v !== undefined),
  );
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN, mode], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.echo) process.stdout.write(`[${new Date().toISOString().slice(11, 23)} child ${child.pid}] ${chunk.toString()}`);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = mode === 'serve' ? 'Ready: ' : 'Worker ready.';
  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the ${mode} process was not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const check = () => {
      if (!output.includes(ready)) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the ${mode} process exited (${code}) before it was ready:\n${output}`));
    });
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
