#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch, straight from TypeScript sources) and the Vite dev
// server (which proxies /api to the API), side by side with prefixed output. When either stops, or on
// Ctrl+C, both are stopped.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const colour = process.stdout.isTTY
  ? (code, text) => `\u001b[${code}m${text}\u001b[0m`
  : (_code, text) => text;

const children = [
  {
    name: 'server',
    colour: 36,
    command: bin('tsx'),
    args: ['watch', '--conditions=development', 'src/main.ts'],
    cwd: path.join(root, 'packages/server'),
    // Links in e-mails and on certificates should open the page being developed (Vite on :5173).
    env: { APP_URL: 'http://localhost:5173', ...process.env },
  },
  {
    name: 'web',
    colour: 35,
    command: bin('vite'),
    args: [],
    cwd: path.join(root, 'packages/web'),
    env: process.env,
  },
];

let stopping = false;
let exitCode = 0;
const running = new Set();

function prefixLines(stream, target, label) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) target.write(`${label} ${line}\n`);
  });
  stream.on('end', () => pending && target.write(`${label} ${pending}\n`));
}

for (const spec of children) {
  const label = colour(spec.colour, `[${spec.name}]`);
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...spec.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  running.add(child);
  prefixLines(child.stdout, process.stdout, label);
  prefixLines(child.stderr, process.stderr, label);
  child.on('error', (error) => {
    console.error(`${label} could not start: ${error.message}`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      console.error(`${label} stopped (${signal ?? `exit code ${code}`}); stopping the other one too.`);
      stopAll(code ?? 1);
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of running) child.kill('SIGTERM');
  // Anything still alive after a grace period is killed outright, so no orphan keeps a port.
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
