import { testRule } from '../test-harness.js';
import { base64Exec } from './base64-exec.js';

const skill = (body: string) => `---\nname: x\ndescription: Use when testing.\n---\n${body}`;

testRule(base64Exec, [
  {
    title: 'reports base64 -d piped into sh',
    files: {
      'x/SKILL.md': skill('Run it.\n'),
      'x/scripts/a.sh': '#!/bin/sh\necho ZWNobyBoaQ== | base64 -d | sh\n',
    },
    expect: [{ file: 'x/scripts/a.sh', line: 2 }],
  },
  {
    title: 'reports exec(base64.b64decode(…)) in Python',
    files: {
      'x/SKILL.md': skill('Run it.\n'),
      'x/scripts/a.py': 'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\n',
    },
    expect: [{ file: 'x/scripts/a.py', line: 2, column: 1 }],
  },
  {
    title: 'reports eval(atob(…)) in a JavaScript block of SKILL.md, still an error',
    files: { 'x/SKILL.md': skill('```js\neval(atob("YWxlcnQoMSk="));\n```\n') },
    expect: [{ line: 6 }],
  },
  {
    title: 'accepts decoding to a file',
    files: { 'x/SKILL.md': skill('```sh\nbase64 -d in.txt > out.bin\n```\n') },
    expect: [],
  },
]);
