#!/usr/bin/env node
// Fails (naming the packages) when an installed package declares an `engines.node` range that excludes
// the Node running this: npm only warns (EBADENGINE), and such a package may use APIs we lack.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const node = process.versions.node;
const excluded = [];
const seen = new Set();

/** Every package directory under a node_modules folder, nested node_modules included. */
function visit(modules) {
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const dir = path.join(modules, entry.name);
    if (entry.name.startsWith('@')) {
      if (entry.isDirectory()) visit(dir);
      continue;
    }
    // Workspace packages are symlinks to our own packages; they are checked through their own folder.
    if (!entry.isDirectory() || seen.has(dir)) continue;
    seen.add(dir);
    check(dir);
    visit(path.join(dir, 'node_modules'));
  }
}

function check(dir) {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return;
  const { name, version, engines } = JSON.parse(readFileSync(file, 'utf8'));
  const range = engines?.node;
  if (typeof range !== 'string' || !semver.validRange(range)) return;
  if (!semver.satisfies(node, range, { includePrerelease: true }))
    excluded.push(`${name}@${version} needs Node ${range} (${path.relative(root, dir)})`);
}

visit(path.join(root, 'node_modules'));
for (const workspace of readdirSync(path.join(root, 'packages')))
  visit(path.join(root, 'packages', workspace, 'node_modules'));

if (excluded.length > 0) {
  console.error(`check-engines: ${excluded.length} installed package(s) exclude Node ${node}:`);
  for (const line of excluded) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`check-engines: every installed package accepts Node ${node}`);
