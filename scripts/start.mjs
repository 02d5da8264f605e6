#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the built server in
// production mode. Signals go to the server and its exit code becomes ours, so process managers
// (and Ctrl+C) see the server itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time under these files/folders (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(target)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      visit(path.join(target, entry));
    }
  };
  paths.forEach(visit);
  return latest;
}

/** Newest file of a build output, or 0 when its marker file is missing. */
const built = (marker, folder) => (existsSync(marker) ? newestIn(folder) : 0);
function newestIn(folder) {
  let latest = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return latest;
}

const packages = [
  {
    name: 'shared',
    output: built(at('packages/shared/dist/index.js'), at('packages/shared/dist')),
    sources: [
      at('packages/shared/src'),
      at('packages/shared/package.json'),
      at('packages/shared/tsconfig.json'),
    ],
  },
  {
    name: 'server',
    output: built(at('packages/server/dist/main.js'), at('packages/server/dist')),
    sources: [
      at('packages/server/src'),
      at('packages/server/package.json'),
      at('packages/server/tsconfig.json'),
    ],
  },
  {
    name: 'web',
    // The prerendered pages are the build's last step (decision 022).
    output: built(at('packages/web/dist/prerendered/pages.json'), at('packages/web/dist')),
    sources: [
      at('packages/web/src'),
      at('packages/web/scripts'),
      at('packages/web/public'),
      at('packages/web/index.html'),
      at('packages/web/vite.config.ts'),
      at('packages/web/lingui.config.ts'),
      at('packages/web/package.json'),
      // The web bundle compiles the shared contract from source.
      at('packages/shared/src'),
    ],
  },
];

const stale = packages.filter((pkg) => pkg.output === 0 || newest(pkg.sources) > pkg.output);
if (stale.length > 0) {
  console.log(`Building (${stale.map((pkg) => pkg.name).join(', ')} missing or out of date)…`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed (see above); not starting.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, [at('packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

// Ctrl+C reaches the whole process group, the server included; the server closes once and ignores
// repeats, so forwarding is harmless there and needed when only this process is signalled (kill, Docker).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (signal) {
    // Die the same way, so our parent sees the signal too.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
