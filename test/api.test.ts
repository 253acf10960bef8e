// Pins the public API: a change here is a change users see.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import * as api from '../src/index.js';
import { repoRoot } from '../src/test-support/paths.js';
import { VERSION } from '../src/version.js';

it('exports exactly the documented names', () => {
  assert.deepEqual(Object.keys(api).sort(), [
    'APPROVAL_STATE',
    'CLAUDE_CODE_PRECEDENCE',
    'DEFAULT_PRECEDENCE',
    'EXPORT_TARGETS',
    'InternalError',
    'KNOWN_FIELDS',
    'REPORT_FORMATS',
    'SkillsetError',
    'anthropicTool',
    'compareDiagnostics',
    'createMemoryFileSystem',
    'createService',
    'createSkillSession',
    'decideSkillPermission',
    'defaultCacheDir',
    'diffCatalogs',
    'discoverSkills',
    'estimateTokens',
    'evalManifest',
    'expandSkill',
    'exportSkills',
    'fileStateStore',
    'formatDiagnostic',
    'formatDiagnosticReport',
    'lintSkills',
    'listingBudget',
    'loadSkillTool',
    'loadableIds',
    'nodeFileSystem',
    'openAiTool',
    'openRegistry',
    'openSkillIndex',
    'parseBoolean',
    'parseSkillFile',
    'publishLibrary',
    'readSkillBody',
    'recordApproval',
    'refusal',
    'refusedSkills',
    'registryService',
    'renderListing',
    'renderLoadResult',
    'resolveImports',
    'resolveSettings',
    'skillBlocks',
    'splitList',
  ]);
});

it('keeps VERSION in step with package.json', () => {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  assert.equal(VERSION, pkg.version);
});
