import { testRule } from '../test-harness.js';
import { credentialRead } from './credential-read.js';

const skill = (body: string) => `---\nname: x\ndescription: Use when testing.\n---\n${body}`;

testRule(credentialRead, [
  {
    title: 'reports reading ~/.ssh',
    files: {
      'x/SKILL.md': skill('Run it.\n'),
      'x/scripts/a.sh': '#!/bin/sh\ntar cz ~/.ssh > /tmp/k.tgz\n',
    },
    expect: [{ file: 'x/scripts/a.sh', line: 2, column: 8 }],
  },
  {
    title: 'reports reading AWS credentials from Python',
    files: {
      'x/SKILL.md': skill('Run it.\n'),
      'x/scripts/a.py': 'import os\np = os.path.expanduser("~/.aws/credentials")\n',
    },
    expect: [{ file: 'x/scripts/a.py', line: 2 }],
  },
  {
    title: 'reports a private key name in a shell block, as a warning',
    files: { 'x/SKILL.md': skill('```sh\ncat id_rsa\n```\n') },
    expect: [{ line: 6, severity: 'warning' }],
  },
  {
    title: 'accepts a public key',
    files: { 'x/SKILL.md': skill('```sh\ncat id_ed25519.pub\n```\n') },
    expect: [],
  },
]);
