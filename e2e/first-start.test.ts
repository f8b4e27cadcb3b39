import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';

const ROOT = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('first start (npm start on a fresh DATA_DIR)', () => {
  let child: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-first-start-'));
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers on the port within seconds with a starting page that turns into the app by itself', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const started = Date.now();
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'data'), DEMO_PEOPLE: '3000', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    // The port answers long before the app is ready: with the starting page.
    let first: Response | undefined;
    while (!first) {
      expect(child.exitCode, output).toBeNull();
      first = await fetch(url).catch(() => undefined);
      if (!first) await new Promise((r) => setTimeout(r, 100));
    }
    const answeredAfter = Date.now() - started;
    expect(first.status).toBe(503);
    expect(await first.text()).toContain('Leadline is starting…');
    expect(answeredAfter, output).toBeLessThan(15_000);

    // The progress it reports (what the page shows), step by step, until the app answers.
    const steps = new Set<string>();
    const watch = setInterval(() => {
      void fetch(`${url}/api/health`).then(
        async (answer) => answer.status === 503 && steps.add(((await answer.json()) as { starting: { label: string } }).starting.label),
        () => {},
      );
    }, 40);
    // A browser left on it sees the progress, then the app, without a reload by hand.
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await page.locator('#step').filter({ hasText: /…$/ }).waitFor();
      await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 180_000 });
    } finally {
      clearInterval(watch);
      await browser.close();
    }
    expect([...steps].some((s) => /^Loading demo data [\d,]+\/3,000…$/.test(s)), [...steps].join(' | ')).toBe(true);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  }, 240_000);
});
