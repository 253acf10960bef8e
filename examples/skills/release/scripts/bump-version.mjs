#!/usr/bin/env node
// Bump package.json's version and roll CHANGELOG.md's [Unreleased] section into a release.
// Usage: node bump-version.mjs patch|minor|major   (run from the package root)
import { readFileSync, writeFileSync } from 'node:fs';

const level = process.argv[2];
if (!['patch', 'minor', 'major'].includes(level ?? '')) {
  console.error('usage: bump-version.mjs patch|minor|major');
  process.exit(2);
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const [major, minor, patch] = pkg.version.split('.').map(Number);
const next =
  level === 'major'
    ? `${major + 1}.0.0`
    : level === 'minor'
      ? `${major}.${minor + 1}.0`
      : `${major}.${minor}.${patch + 1}`;

const log = readFileSync('CHANGELOG.md', 'utf8');
if (!log.includes('## [Unreleased]')) {
  console.error('CHANGELOG.md has no "## [Unreleased]" section');
  process.exit(1);
}
const today = new Date().toISOString().slice(0, 10);
writeFileSync(
  'CHANGELOG.md',
  log.replace('## [Unreleased]', `## [Unreleased]\n\n## [${next}] - ${today}`),
);
pkg.version = next;
writeFileSync('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
console.log(next);
