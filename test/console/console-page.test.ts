import { statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { processLabel } from '@toolwright/sdk/policy';
import type { InboxEntry } from '@toolwright/sdk/policy';
import { CONSOLE_CSP } from '../../packages/cli/src/console/console-static.js';
import { HAS_CHROMIUM, CHROMIUM, launchChromium, startConsoleHarness } from './console-harness.js';
import type { ConsoleHarness } from './console-harness.js';

// The page's globals the callbacks below read (they run in Chromium; the root tsconfig has no DOM types).
declare const window: { __pwned?: unknown };
declare const document: { documentElement: { scrollWidth: number }; activeElement: { id: string } | null; querySelectorAll(selector: string): { length: number } };

if (!HAS_CHROMIUM) process.stdout.write(`console page tests skipped: ${CHROMIUM} is missing (scripts/setup-system.sh installs Debian's chromium)\n`);
const describeInBrowser = HAS_CHROMIUM ? describe : describe.skip;

describeInBrowser('the web console in Chromium', () => {
  let harness: ConsoleHarness;
  let browser: BrowserContext;
  let closeBrowser: () => Promise<void>;
  const problems: string[] = [];

  beforeAll(async () => {
    harness = await startConsoleHarness();
    ({ browser, close: closeBrowser } = await launchChromium());
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await harness?.close();
  });

  async function open(hash = ''): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(8_000);
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await page.goto(`${harness.console.url}${hash}`);
    return page;
  }

  it('serves the page with a strict Content-Security-Policy and no inline code', async () => {
    const response = await fetch(harness.console.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).not.toContain('unsafe-inline');
    const page = await response.text();
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('lists every tool of the served toolset in the catalogue, with the MCP server and its status', async () => {
    const page = await open();
    await page.waitForSelector('article.tool');
    const shown = await page.$$eval('article.tool', (cards) => cards.map((card) => card.getAttribute('data-tool')));
    expect(shown.sort()).toEqual(harness.toolset.names().sort());
    const servers = await page.textContent('table.servers');
    expect(servers).toContain('hostile');
    expect(servers).toContain('connected');
    // Exports per provider, from the SDK's export functions.
    await page.click(`article[data-tool="${harness.toolName('plan_trip')}"] summary:text("Exports per provider")`);
    const exports = await page.textContent(`article[data-tool="${harness.toolName('plan_trip')}"]`);
    for (const format of ['openai', 'responses', 'anthropic', 'gemini', 'mcp']) expect(exports).toContain(format);
    await page.close();
  });

  it('shows a hostile server\'s HTML and script in descriptions and results as text (nothing runs)', async () => {
    const page = await open();
    await page.waitForSelector('article.tool');
    const card = `article[data-tool="${harness.toolName('describe_page')}"]`;
    expect(await page.textContent(`${card} .description`)).toContain(`<script>window.__pwned = 'script'</script><img src="x" onerror=`);
    await page.click(`${card} button:text("Try")`);
    await page.fill('input#f-' + harness.toolName('describe_page') + '-url', '<img src=x onerror="window.__pwned=1">');
    await page.click('form.try button[type="submit"]');
    await page.waitForSelector('section.result');
    const result = await page.textContent('section.result');
    expect(result).toContain(`<script>window.__pwned = 'script'</script>`);
    expect(result).toContain("javascript:window.__pwned='uri'");
    // Nothing hostile became an element or ran.
    expect(await page.$$('img[src="x"]')).toHaveLength(0);
    expect(await page.$$('main script, main a[href^="javascript:"]')).toHaveLength(0);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    await page.close();
  });

  it('generates a form from a nested schema (object, enum, array, optional fields) and renders the call\'s result', async () => {
    const page = await open();
    const tool = harness.toolName('plan_trip');
    await page.waitForSelector('article.tool');
    await page.click(`article[data-tool="${tool}"] button:text("Try")`);
    await page.getByLabel('name', { exact: true }).fill('Ada');
    await page.getByLabel('age', { exact: true }).fill('36');
    await page.getByLabel('mode', { exact: true }).selectOption({ label: 'train' });
    await page.click('button:text("Add item to stops")');
    await page.click('button:text("Add item to stops")');
    await page.getByLabel('stops[0]', { exact: true }).fill('Lyon');
    await page.getByLabel('stops[1]', { exact: true }).fill('Turin');
    // Optional fields left empty are left out (budget, notes).
    await page.click('form.try button[type="submit"]');
    await page.waitForSelector('section.result');
    expect(await page.textContent('section.result pre')).toBe('Trip for Ada (36) by train via Lyon, Turin');
    await page.close();
  });

  it('shows the validator\'s message under the invalid field, and runs nothing', async () => {
    const page = await open();
    const tool = harness.toolName('plan_trip');
    await page.waitForSelector('article.tool');
    await page.click(`article[data-tool="${tool}"] button:text("Try")`);
    await page.getByLabel('name', { exact: true }).fill('Ada');
    await page.getByLabel('age', { exact: true }).fill('200');
    await page.getByLabel('mode', { exact: true }).selectOption({ label: 'plane' });
    const before = harness.console.routes.monitor.list().length;
    await page.click('form.try button[type="submit"]');
    const issue = page.locator(`#f-${tool}-traveller_age-issues`);
    await issue.waitFor();
    const expected = (await (await import('../../packages/cli/src/console/validate-arguments.js')).validateArguments(harness.toolset.tool(tool)!, { traveller: { name: 'Ada', age: 200 }, mode: 'plane' }));
    expect(expected.ok).toBe(false);
    const message = expected.ok ? '' : expected.issues.find((i) => i.path === 'traveller.age')!.message;
    expect(message).toMatch(/150/);
    expect(await issue.textContent()).toBe(message);
    expect(await page.getAttribute(`#f-${tool}-traveller_age`, 'aria-invalid')).toBe('true');
    expect(await page.$('section.result')).toBeNull();
    expect(harness.console.routes.monitor.list().length).toBe(before);
    await page.close();
  });

  it('renders images and audio from data: URLs, and describes media types it does not show', async () => {
    const page = await open();
    await page.waitForSelector('article.tool');
    await page.click(`article[data-tool="${harness.toolName('media')}"] button:text("Try")`);
    await page.click('form.try button[type="submit"]');
    await page.waitForSelector('section.result');
    expect(await page.$$eval('section.result img', (imgs) => imgs.map((img) => [img.getAttribute('src')!.slice(0, 22), (img as unknown as { naturalWidth: number }).naturalWidth]))).toEqual([['data:image/png;base64,', 1]]);
    expect(await page.$$('section.result audio[controls]')).toHaveLength(1);
    expect(await page.textContent('section.result')).toContain('Image of type image/svg+xml');
    expect(problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
    await page.close();
  });

  it('is usable from the keyboard and in a narrow window', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 380, height: 800 });
    await page.goto(harness.console.url);
    await page.waitForSelector('article.tool');
    await page.focus('#tab-catalogue');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('#tab-try', 'aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-try');
    // Every form control has a label.
    const unlabelled = await page.$$eval('main input, main select, main textarea', (controls) => controls.filter((c) => (c as unknown as { labels: { length: number } | null }).labels?.length === 0 && !c.getAttribute('aria-label')).map((c) => c.id));
    expect(unlabelled).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(380);
    await page.close();
  });

  it('logs no page errors', () => {
    expect(problems).toEqual([]);
  });

  it('writes nothing through a hostile page: a write needs the CSRF token and the console\'s own origin', async () => {
    const url = new URL('/console/api/call', harness.console.url);
    const body = JSON.stringify({ tool: harness.toolName('write_note'), arguments: { text: 'x' } });
    // A CSRF token as the page would hold it: in its cookie and, for a write, in the header.
    const csrf = 'c'.repeat(32);
    const post = (headers: Record<string, string>): Promise<Response> => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `toolwright_csrf=${csrf}`, ...headers }, body });
    const noToken = await post({ origin: url.origin });
    expect(noToken.status).toBe(403);
    expect(((await noToken.json()) as { error: string }).error).toContain('CSRF token');
    const otherToken = await post({ origin: url.origin, 'x-toolwright-csrf': 'd'.repeat(32) });
    expect(otherToken.status).toBe(403);
    const foreign = await post({ origin: 'http://evil.example', 'x-toolwright-csrf': csrf });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: string }).error).toContain("Origin 'http://evil.example'");
    const crossSite = await post({ 'sec-fetch-site': 'cross-site', 'x-toolwright-csrf': csrf });
    expect(crossSite.status).toBe(403);
    // The same headers from the console's own origin pass (validate: a write that runs nothing).
    const own = await fetch(new URL('/console/api/validate', harness.console.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie: `toolwright_csrf=${csrf}`, origin: url.origin, 'sec-fetch-site': 'same-origin', 'x-toolwright-csrf': csrf }, body });
    expect(own.status).toBe(200);
    // From the page's own context, without the header, the browser's request is refused too.
    const page = await open();
    await page.waitForSelector('article.tool');
    const status = await page.evaluate(async (text) => (await fetch('/console/api/call', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })).status, body);
    expect(status).toBe(403);
    await page.close();
    expect(harness.console.routes.monitor.list().filter((call) => call.tool === harness.toolName('write_note'))).toEqual([]);
  });

  it('answers an ask from the approvals inbox: the waiting call finishes, and the answer carries the entry\'s binding', async () => {
    const page = await open();
    const tool = harness.toolName('write_note');
    await page.waitForSelector('article.tool');
    await page.click(`article[data-tool="${tool}"] button:text("Try")`);
    await page.getByLabel('text', { exact: true }).fill('hello');
    await page.click('form.try button[type="submit"]');
    // The call waits in the inbox; the Approvals tab counts it.
    await page.waitForSelector('#tab-inbox .count');
    await page.click('#tab-inbox');
    const entry = page.locator('article.entry.pending');
    await entry.waitFor();
    expect(await entry.textContent()).toContain('"text": "hello"');
    // "Always" shows the rule it would add.
    expect(await entry.locator('[id$="-always"]').textContent()).toMatch(/Always adds the rule/);
    // Edited arguments are validated first: an empty text is refused with the validator's message.
    await entry.locator('button:text("Edit arguments")').click();
    await entry.locator('textarea').fill('{"text": ""}');
    await entry.locator('button:text("Run with these arguments")').click();
    await entry.locator('.form-message').waitFor();
    expect(await entry.locator('.form-message').textContent()).toMatch(/text.*(fewer than 1|at least 1|minLength|1 character)/i);
    const [pending] = await harness.inbox.list({ state: 'pending' });
    expect(pending!.state).toBe('pending');
    await entry.locator('button:text("Approve")').click();
    // Back on Try it, the call finished with the tool's result.
    await page.click('#tab-try');
    await page.waitForSelector('section.result');
    expect(await page.textContent('section.result pre')).toBe('Wrote: hello');
    const answered = await harness.inbox.get(pending!.id);
    expect(answered).toMatchObject({ state: 'answered', answer: { type: 'approve' }, answeredBy: `console ${processLabel()}` });
    // The Live view saw the call with its decision.
    await page.click('#tab-live');
    const row = page.locator('table.calls tbody tr', { hasText: tool }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('ask → approve');
    await page.close();
  });

  it('shows every entry as the inbox holds it, whether a listing or the event of a change reaches the page first', async () => {
    const write = harness.toolName('write_note');
    const park = (text: string): Promise<unknown> => harness.toolset.call(write, { text }, { signal: new AbortController().signal, toolCallId: `order-${text.replaceAll(' ', '-')}` });
    const parked = async (text: string): Promise<InboxEntry> => {
      for (let i = 0; i < 100; i++) {
        const entry = (await harness.inbox.list({ state: 'pending' })).find((e) => e.request.arguments.text === text);
        if (entry) return entry;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no pending entry for '${text}'`);
    };
    // Before the page opens: one entry answered (its file is removed later, as a full inbox prunes
    // answered entries), one still pending.
    const prunedCall = park('pruned later');
    const pruned = await parked('pruned later');
    await harness.inbox.answer(pruned.id, pruned.binding, { type: 'approve' }, 'test');
    await prunedCall;
    const laterCall = park('answered later');
    const later = await parked('answered later');
    // The page's first inbox listing is held in the network after the server answered it, until
    // the inbox has moved on and the page has seen those changes: a slow listing arriving late.
    const page = await browser.newPage();
    page.setDefaultTimeout(8_000);
    let held = false;
    let listed!: () => void;
    const listingTaken = new Promise<void>((resolve) => (listed = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/console/api/inbox',
      async (route) => {
        if (held) return route.continue();
        held = true;
        const response = await route.fetch();
        listed();
        await released;
        await route.fulfill({ response });
      },
    );
    await page.goto(`${harness.console.url}#inbox`);
    await listingTaken;
    unlinkSync(join(harness.inboxDir, `${pruned.id}.json`));
    const loadingCall = park('parked while loading');
    const loading = await parked('parked while loading');
    await page.locator('article.entry.pending', { hasText: 'parked while loading' }).waitFor();
    await harness.inbox.answer(later.id, later.binding, { type: 'reject', reason: 'not now' }, 'test');
    await page.locator('article.entry.answered', { hasText: 'answered later' }).waitFor();
    release();
    // The held listing is applied once the pruned entry (only it still has it) shows...
    await page.locator('article.entry.answered', { hasText: 'pruned later' }).waitFor();
    // ...and it took nothing back: the entry parked meanwhile is pending, the one answered meanwhile answered.
    expect(await page.locator('article.entry.pending', { hasText: 'parked while loading' }).count()).toBe(1);
    expect(await page.locator('article.entry', { hasText: 'answered later' }).getAttribute('class')).toBe('entry answered');
    await page.close();
    await harness.inbox.answer(loading.id, loading.binding, { type: 'approve' }, 'test');
    await Promise.all([laterCall, loadingCall]);
  });

  it('refuses an answer whose binding is not the entry\'s', async () => {
    const waiting = harness.toolset.call(harness.toolName('write_note'), { text: 'sealed' }, { signal: new AbortController().signal, toolCallId: 'sealed-1' });
    let entry = (await harness.inbox.list({ state: 'pending' }))[0];
    for (let i = 0; i < 50 && !entry; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      entry = (await harness.inbox.list({ state: 'pending' }))[0];
    }
    const url = new URL('/console/api/inbox/answer', harness.console.url);
    const csrf = 'e'.repeat(40);
    const headers = { 'content-type': 'application/json', origin: url.origin, cookie: `toolwright_csrf=${csrf}`, 'x-toolwright-csrf': csrf };
    const wrong = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ id: entry!.id, binding: 'A'.repeat(43), answer: { type: 'approve' } }) });
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as { error: string }).error).toContain('binding');
    const right = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ id: entry!.id, binding: entry!.binding, answer: { type: 'reject', reason: 'not today' } }) });
    expect(right.status).toBe(200);
    const observation = await waiting;
    expect(observation.isError).toBe(true);
    expect(observation.text).toContain('not today');
  });

  it('shows the audit log filtered by tool and decision, and takes the README screenshot', async () => {
    const page = await open('#audit');
    await page.waitForSelector('table.audit');
    await page.selectOption('#audit-decision', 'ask');
    await page.click('form.filters button[type="submit"]');
    // The unfiltered rows are on the page until the filtered answer replaces them: wait for that.
    await page.waitForFunction(() => {
      const cells = Array.from(document.querySelectorAll('table.audit tbody tr td:nth-child(3)') as unknown as ArrayLike<{ textContent: string | null }>);
      return cells.length > 0 && cells.every((cell) => cell.textContent === 'ask');
    });
    const decisions = await page.$$eval('table.audit tbody tr td:nth-child(3)', (cells) => cells.map((c) => c.textContent));
    expect(new Set(decisions)).toEqual(new Set(['ask']));
    const tools = await page.$$eval('table.audit tbody tr td:nth-child(2)', (cells) => [...new Set(cells.map((c) => c.textContent))]);
    expect(tools).toEqual([harness.toolName('write_note')]);
    await page.close();
    // The screenshot: the catalogue, with a call waiting in the inbox.
    const shot = await browser.newPage();
    await shot.setViewportSize({ width: 1200, height: 820 });
    const waiting = harness.toolset.call(harness.toolName('write_note'), { text: 'Release notes for 0.2' }, { signal: new AbortController().signal, toolCallId: 'shot-1' });
    await shot.goto(`${harness.console.url}#inbox`);
    await shot.waitForSelector('article.entry.pending');
    // The README's picture is refreshed on request (TOOLWRIGHT_SCREENSHOT=1): every run would change
    // its bytes (times on the page) and leave the tree modified. Otherwise it goes to the test's directory.
    const picture = process.env.TOOLWRIGHT_SCREENSHOT === '1' ? join(process.cwd(), 'docs', 'images', 'console.png') : join(harness.dir, 'console.png');
    await shot.screenshot({ path: picture });
    expect(statSync(picture).size).toBeGreaterThan(10_000);
    const [entry] = await harness.inbox.list({ state: 'pending' });
    await harness.inbox.answer(entry!.id, entry!.binding, { type: 'approve' }, 'test');
    expect((await waiting).text).toBe('Wrote: Release notes for 0.2');
    await shot.close();
    writeFileSync(join(harness.dir, 'done'), '');
  });
});
