// `skillset ui`: the web page over the service, served until a signal comes.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { createService } from '../../core/service.js';
import { formatDiagnostic } from '../../diagnostics/diagnostic.js';
import { SkillsetError } from '../../errors.js';
import { visibleLine } from '../../text/visible.js';
import { settingsInput, writeErr, writeOut } from '../options.js';
import type { IndexCliOptions } from '../run.js';

/** Options of `ui`. */
export interface UiCliOptions extends IndexCliOptions {
  port?: number;
  open?: boolean;
  queries: string[];
  watch: boolean;
  semantic?: boolean;
  hideAuditFailures?: boolean;
}

/** The command that opens a URL in the default browser here. */
function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '', url]];
  return ['xdg-open', [url]];
}

/** Serve the page until SIGINT or SIGTERM; resolves to the exit code. */
export async function runUi(paths: string[], opts: UiCliOptions): Promise<number> {
  const log = (line: string) => {
    if (!opts.quiet) writeErr(`${visibleLine(line)}\n`);
  };
  const service = await createService(settingsInput(paths, opts));
  for (const d of service.settings.diagnostics) if (d.severity !== 'info') log(formatDiagnostic(d));
  const { startUi } = await import('../../ui/server.js');
  let ui: Awaited<ReturnType<typeof startUi>>;
  try {
    ui = await startUi(service, {
      ...(opts.port !== undefined ? { port: opts.port } : {}),
      watch: opts.watch !== false,
      queries: opts.queries.map((q) => path.resolve(q)),
      onLog: log,
    });
  } catch (e) {
    service.close();
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES')
      throw new SkillsetError(
        'usage/invalid-option',
        `The port ${opts.port} cannot be used (${code})`,
        {
          hint: 'Pass another --port, or leave it out for a free one.',
        },
      );
    throw e;
  }
  log(`skillset ui: ${ui.url}`);
  if (opts.json) await writeOut(`${JSON.stringify({ url: ui.url })}\n`, 'json');
  if (opts.open) {
    const [cmd, args] = opener(ui.url);
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => log(`skillset ui: could not start ${cmd}; open the URL above`));
    child.unref();
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await ui.close();
  service.close();
  return 0;
}
