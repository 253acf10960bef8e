// security/binary-file: executable binaries (ELF, Mach-O, PE) in the skill folder.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { auditFolder } from '../../security/folder.js';

/** The executable format `bytes` start with, if any. */
export function executableFormat(bytes: Buffer): string | undefined {
  if (bytes.length < 4) return undefined;
  const m = bytes.readUInt32BE(0);
  if (m === 0x7f454c46) return 'ELF';
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(m)) return 'Mach-O';
  // 0xcafebabe is also a Java class file; a fat Mach-O has few architectures, a class file a version ≥ 45.
  if (m === 0xcafebabe && bytes.length >= 8 && bytes.readUInt32BE(4) < 45) return 'Mach-O';
  if (bytes[0] === 0x4d && bytes[1] === 0x5a && bytes.length >= 0x40) {
    const pe = bytes.readUInt32LE(0x3c);
    if (pe + 4 <= bytes.length && bytes.readUInt32BE(pe) === 0x50450000) return 'PE';
  }
  return undefined;
}

/** A binary cannot be read before it runs: what it does is whatever it was built to do. */
export const binaryFile = defineRule({
  code: 'security/binary-file',
  description: 'Report executable binaries (ELF, Mach-O, PE) in the skill folder.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    binary:
      'Unexpected {format} executable `{rel}`; ship source a reader can check, or a pinned download',
  },
  async check(ctx) {
    const folder = await auditFolder(ctx);
    for (const f of folder.files) {
      const format = f.bytes && executableFormat(f.bytes);
      if (format) ctx.report({ messageId: 'binary', data: { format, rel: f.rel }, file: f.path });
    }
  },
});
