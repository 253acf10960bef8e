// The web page against what could go wrong: a request without the token, a foreign Host or Origin,
// a path that climbs, a hostile library whose text tries to run script (in a real browser, under the
// page's CSP: no script runs and no marker is set); and live updates: an edited SKILL.md shows on an
// open page without a reload.

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { tempFolders } from '../src/test-support/temp.js';
import { launch, type RunningUi, SHOTS, startUi, waitForText } from './ui-support.js';

const temp = tempFolders('skillset-ui-security-');
const env = { SKILLSET_CACHE_DIR: temp() };

/** The marker a script would set if one ran. */
const PWN = "document.documentElement.setAttribute('data-pwned','1')";

/** A library whose every text tries to run script, and one plain skill. */
function hostileLibrary(): string {
  const lib = temp();
  const skill = (name: string, description: string, body: string) => {
    mkdirSync(path.join(lib, name), { recursive: true });
    writeFileSync(
      path.join(lib, name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n${body}`,
    );
  };
  skill(
    'script-desc',
    `Deploy checks <script>${PWN}</script> and "><img src=x onerror="${PWN}">`,
    `# Deploy\n\n<script>${PWN}</script>\n\n<img src=x onerror="${PWN}">\n\n[click](javascript:${PWN})\n\n<iframe src="javascript:${PWN}"></iframe>\n\n<svg onload="${PWN}"></svg>\n`,
  );
  skill(
    'attr-breakout',
    `Release notes for the deploy'"><svg/onload=${PWN}>`,
    `Text with \u202Ebidi\u202C and zero\u200Bwidth.\n\n<a href="javascript:${PWN}">x</a>\n\n\`\`\`html" onmouseover="${PWN}\ncode\n\`\`\`\n`,
  );
  skill('plain', 'Write release notes for a deploy of the service.', 'Write them.\n');
  return lib;
}

/** GET `url` with `headers`; the status. */
function status(url: string, headers: Record<string, string> = {}): Promise<number> {
  // Sent as written: a URL object would resolve `%2e%2e` before the server could see it.
  const m = /^http:\/\/([^/:]+):(\d+)(\/.*)$/.exec(url);
  assert.ok(m, url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname: m[1], port: Number(m[2]), path: m[3], headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('the page’s gate', () => {
  let ui: RunningUi;
  let cookie: string;
  before(async () => {
    ui = await startUi([hostileLibrary(), '--no-watch'], env);
    const set = await new Promise<string>((resolve, reject) => {
      http
        .get(ui.url, (res) => {
          res.resume();
          assert.equal(res.statusCode, 303);
          resolve(String(res.headers['set-cookie']?.[0]).split(';')[0] as string);
        })
        .on('error', reject);
    });
    cookie = set;
  });
  after(async () => {
    await ui?.stop();
  });

  it('answers 401 without the token, and with a wrong one', async () => {
    for (const p of ['/', '/search?q=x', '/assets/app.js', '/events', '/skill/plain'])
      assert.equal(await status(`${ui.base}${p}`), 401, p);
    assert.equal(await status(`${ui.base}/?token=nope`), 401);
    assert.equal(await status(`${ui.base}/`, { cookie: `${cookie.split('=')[0]}=nope` }), 401);
    // The cookie is this port's: another page's would not open this one.
    assert.match(cookie, /^skillset_ui_\d+=/);
    assert.equal(await status(`${ui.base}/`, { cookie }), 200);
  });

  it('answers 403 to a foreign Host or Origin, even with the token', async () => {
    assert.equal(await status(`${ui.base}/`, { cookie, host: 'evil.example' }), 403);
    assert.equal(await status(`${ui.base}/`, { cookie, origin: 'http://evil.example' }), 403);
    assert.equal(await status(`${ui.base}/`, { cookie, origin: 'null' }), 403);
    assert.equal(await status(ui.url, { host: 'evil.example' }), 403);
  });

  it('refuses every path that climbs, and serves nothing but its pages', async () => {
    for (const p of [
      '/skill/..%2F..%2Fetc%2Fpasswd',
      '/skill/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fpackage.json',
      '/skill/..%5c..%5cwindows',
      '/skill/a%00b',
      '/%E0%A4%A',
    ])
      assert.equal(await status(`${ui.base}${p}`, { cookie }), 400, p);
    for (const p of [
      '/etc/passwd',
      '/skill/no-such-skill',
      '/package.json',
      '/assets/skillset.cjs',
    ])
      assert.equal(await status(`${ui.base}${p}`, { cookie }), 404, p);
  });

  it('runs no script from a hostile library, under its CSP', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(ui.url);
    for (const p of [
      '/',
      '/search?q=deploy%20checks%20release',
      '/skill/script-desc',
      '/skill/attr-breakout',
      '/budget',
    ]) {
      await page.goto(`${ui.base}${p}`);
      assert.equal(await page.getAttribute('html', 'data-pwned'), null, p);
      assert.equal(
        await page.$$eval('script', (s) => s.length),
        1,
        `${p}: only the page's own script`,
      );
      assert.equal(
        await page.$$eval('iframe, img, [onerror], [onload], [onmouseover]', (s) => s.length),
        0,
        p,
      );
      const hrefs = await page.$$eval('a[href]', (a) => a.map((x) => x.getAttribute('href') ?? ''));
      assert.ok(!hrefs.some((h) => /^\s*javascript:/i.test(h)), p);
    }
    await page.goto(`${ui.base}/skill/script-desc`);
    // Shown as text, for the reader to see.
    assert.ok((await page.textContent('#body'))?.includes('<script>'));
    assert.ok((await page.textContent('h1 + p'))?.includes('<script>'));
    await page.goto(`${ui.base}/skill/attr-breakout`);
    assert.ok((await page.$$eval('mark.hidden-char', (m) => m.length)) >= 2);
    await page.screenshot({ path: path.join(SHOTS, 'hostile-skill.png') });
    // Nothing even tried to run: the text never became markup.
    assert.deepEqual(violations, []);
    await page.close();
  });
});

describe('the page, live', () => {
  let ui: RunningUi;
  let page: Page;
  let lib: string;
  before(async () => {
    lib = temp();
    for (const name of ['release-notes', 'deploy-check']) {
      mkdirSync(path.join(lib, name));
      writeFileSync(
        path.join(lib, name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: Use for ${name}.\n---\nBody.\n`,
      );
    }
    ui = await startUi([lib], env);
    page = await browser.newPage();
    await page.goto(ui.url);
  });
  after(async () => {
    await page?.close();
    await ui?.stop();
  });

  it('shows an edited SKILL.md within 2 s, without a reload', async () => {
    await page.goto(`${ui.base}/skill/deploy-check`);
    // The stream is open once the page's script said hello; a reload would drop this marker.
    await page.evaluate(`document.documentElement.setAttribute('data-loaded-once', 'yes')`);
    writeFileSync(
      path.join(lib, 'deploy-check', 'SKILL.md'),
      '---\nname: deploy-check\ndescription: Use for deploy-check, now with a canary step.\n---\nBody with a canary.\n',
    );
    await waitForText(page, 'h1 + p', 'canary', 2_000);
    assert.equal(await page.getAttribute('html', 'data-loaded-once'), 'yes');
    // The status line says so (a lint finishing may have refreshed the page first, silently).
    await waitForText(page, '#live', 'changed', 2_000);
  });

  it('shows a new skill on the library page, without a reload', async () => {
    await page.goto(`${ui.base}/`);
    await page.evaluate(`document.documentElement.setAttribute('data-loaded-once', 'yes')`);
    mkdirSync(path.join(lib, 'rollback-plan'));
    writeFileSync(
      path.join(lib, 'rollback-plan', 'SKILL.md'),
      '---\nname: rollback-plan\ndescription: Use to plan a rollback.\n---\nBody.\n',
    );
    await page.waitForSelector('a[href="/skill/rollback-plan"]', {
      timeout: 2_000,
      state: 'attached',
    });
    assert.equal(await page.getAttribute('html', 'data-loaded-once'), 'yes');
  });
});
