#!/usr/bin/env node
// The import-cycle check of `npm run lint`: no file imports itself through others, and no feature folder
// (server/src/features/<name>, web/src/features/<name>) depends on another in a circle, type imports included.
// Import specifiers come from TypeScript's own pre-processor, so the check knows nothing the compiler does not.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const CHECKED_DIRS = ['server/src', 'engine/src', 'common/src', 'web/src'];
const PACKAGES = {
  '@wiggle/common/': 'common/src/',
  '@wiggle/engine/': 'engine/src/',
  '@wiggle/server/': 'server/src/',
};
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(root, dir) {
  const out = [];
  const walk = (folder) => {
    if (!fs.existsSync(folder)) return;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(path.join(root, dir));
  return out;
}

function resolveImport(root, from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else {
    const prefix = Object.keys(PACKAGES).find((p) => specifier.startsWith(p));
    if (!prefix) return undefined;
    base = path.join(root, PACKAGES[prefix], specifier.slice(prefix.length));
  }
  const withoutJs = base.replace(/\.js$/, '');
  for (const candidate of [base, withoutJs].flatMap((b) => EXTENSIONS.map((e) => b + e))) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The import graph of `dirs` under `root`: file → files it imports (static, dynamic and type imports). */
export function importGraph(root, dirs = CHECKED_DIRS) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of sourceFiles(root, dir)) {
      const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = new Set();
      for (const { fileName } of info.importedFiles) {
        const target = resolveImport(root, file, fileName);
        if (target && target !== file) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan): each one is a cycle. */
function cyclesOf(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return cycles;
}

const FEATURE = /^((?:server|web)\/src\/features\/[^/]+)\//;

/** File cycles and feature-folder cycles of the tree under `root`, as paths relative to it. */
export function findImportCycles(root, dirs = CHECKED_DIRS) {
  const graph = importGraph(root, dirs);
  const rel = (file) => path.relative(root, file).split(path.sep).join('/');
  const features = new Map();
  for (const [file, targets] of graph) {
    const from = FEATURE.exec(rel(file))?.[1];
    if (!from) continue;
    if (!features.has(from)) features.set(from, new Set());
    for (const target of targets) {
      const to = FEATURE.exec(rel(target))?.[1];
      if (to && to !== from) features.get(from).add(to);
    }
  }
  return {
    files: cyclesOf(graph).map((cycle) => cycle.map(rel)),
    features: cyclesOf(features),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const { files, features } = findImportCycles(root);
  for (const cycle of files) console.error(`import cycle between files: ${cycle.join(' ↔ ')}`);
  for (const cycle of features) console.error(`import cycle between features: ${cycle.join(' ↔ ')}`);
  if (files.length + features.length > 0) process.exit(1);
  console.log(`no import cycles in ${CHECKED_DIRS.join(', ')}`);
}
