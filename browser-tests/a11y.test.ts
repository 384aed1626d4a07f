// Accessibility (WCAG 2.1 AA, docs/decisions/2026-11-26-accessibility.md): axe-core's WCAG
// 2.0/2.1 A and AA rules over every state a reader can reach — the reading view, each panel, the
// find bar and its results, the print dialog and its progress, the signature pad and placed
// signatures, the mobile menu, the shortcuts help, the password prompt, every error and empty
// page, the conversion progress — on a desktop and a phone, in English and Chinese. Each test
// lists the states it audited and fails on any violation. One rule is off where no document is
// shown, with its reason (support/axe.ts TITLE_EMPTY_BY_SPEC): the specification's empty title.
import { after, before, describe, it } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.ts';
import { newSession, viewerUrl } from './support/viewer.ts';
import type { ViewerSession } from './support/viewer.ts';
import { waitForPainted } from './support/pixels.ts';
import { TITLE_EMPTY_BY_SPEC, audit } from './support/axe.ts';
import type { RuleOff, Violation } from './support/axe.ts';
import { A11Y_DOC, PASSWORD, a11yConverting, a11yStarting } from './support/docs.ts';

type Lang = 'en' | 'zh-CN';

/** The controls' accessible names (each control's folder's `messages.ts`). */
const NAMES = {
  en: {
    thumbnails: 'Thumbnails',
    outline: 'Outline',
    search: 'Search',
    searchBox: 'Search text',
    print: 'Print',
    cancel: 'Cancel',
    sign: 'Sign',
    typedName: 'Or type your name',
    confirm: 'Confirm',
    placeHere: 'Place on current page',
    menu: 'Menu',
    shortcuts: 'Keyboard shortcuts',
    password: 'Password required',
    open: 'Open',
    pageNumber: 'Page number',
  },
  'zh-CN': {
    thumbnails: '缩略图',
    outline: '目录',
    search: '搜索',
    searchBox: '搜索文本',
    print: '打印',
    cancel: '取消',
    sign: '签名',
    typedName: '或输入您的姓名',
    confirm: '确认',
    placeHere: '放在当前页',
    menu: '菜单',
    shortcuts: '键盘快捷键',
    password: '需要密码',
    open: '打开',
    pageNumber: '页码',
  },
} as const;

const DEVICES: Record<'desktop' | 'phone', BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};

/** window.print does nothing here: the print job's own progress is what is audited. */
function stubPrint(): void {
  window.print = () => {
    setTimeout(() => {
      window.dispatchEvent(new Event('afterprint'));
    }, 50);
  };
}

let browser: Browser;
before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

/** The states audited and what axe found in them. */
class Auditor {
  readonly states: string[] = [];
  readonly violations: Violation[] = [];
  /** Each rule turned off somewhere, with its reason. */
  readonly off = new Map<string, string>();
  private readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async check(state: string, off: RuleOff[] = []): Promise<void> {
    for (const { rule, reason } of off) this.off.set(rule, reason);
    const skipped = off.map(({ rule }) => ` (${rule} off)`).join('');
    this.states.push(`${state}${skipped}`);
    this.violations.push(...(await audit(this.page, state, off)));
  }

  /** Lists the states in the test's output, then fails with every violation found. */
  report(t: TestContext): void {
    t.diagnostic(`${String(this.states.length)} states audited: ${this.states.join('; ')}`);
    for (const [rule, reason] of this.off) t.diagnostic(`${rule} off: ${reason}`);
    const lines = this.violations.map(
      (v) => `${v.state}: ${v.rule} (${v.impact}) ${v.help} — ${v.targets.join(', ')}`,
    );
    assert.deepEqual(lines, [], `axe found violations:\n${lines.join('\n')}`);
  }
}

/** A control by its name: on the toolbar, or in the mobile menu where the phone keeps it. */
async function press(page: Page, lang: Lang, name: string): Promise<void> {
  const bar = page.getByRole('region', { name: lang === 'en' ? 'Toolbar' : '工具栏' });
  const onBar = bar.getByRole('button', { name, exact: true });
  if ((await onBar.count()) > 0 && (await onBar.first().isVisible())) {
    await onBar.first().click();
    return;
  }
  await bar.getByRole('button', { name: NAMES[lang].menu, exact: true }).click();
  const menu = page.getByRole('dialog', { name: NAMES[lang].menu });
  await menu.getByRole('button', { name, exact: true }).click();
  await menu.waitFor({ state: 'hidden' });
}

async function closeDialogWithEscape(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name }).waitFor({ state: 'hidden' });
}

/** A fresh session on `device` in `lang` (window.print stubbed) walked by `walk`; then the report. */
async function audited(
  t: TestContext,
  device: keyof typeof DEVICES,
  lang: Lang,
  walk: (session: ViewerSession, auditor: Auditor) => Promise<void>,
): Promise<void> {
  const session = await newSession(browser, { ...DEVICES[device], locale: lang });
  const auditor = new Auditor(session.page);
  try {
    await session.page.addInitScript(stubPrint);
    await walk(session, auditor);
  } finally {
    await session.close();
  }
  auditor.report(t);
}

for (const device of ['desktop', 'phone'] as const) {
  for (const lang of ['en', 'zh-CN'] as const) {
    const n = NAMES[lang];
    describe(`axe: ${device}, ${lang}`, () => {
      it('the reading view, each panel, search, shortcuts, print, signature and the menu', async (t) => {
        await audited(t, device, lang, async ({ page, problems }, auditor) => {
          await page.goto(viewerUrl(`?doc=${A11Y_DOC}&lang=${lang}`));
          await waitForPainted(page, 1);
          assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
          await auditor.check('reading view');

          if (device === 'phone') {
            await page
              .getByRole('region', { name: lang === 'en' ? 'Toolbar' : '工具栏' })
              .getByRole('button', { name: n.menu, exact: true })
              .click();
            await page.getByRole('dialog', { name: n.menu }).waitFor();
            await auditor.check('mobile menu');
            await closeDialogWithEscape(page, n.menu);
          }

          await press(page, lang, n.thumbnails);
          await page.locator('[data-thumbnail-number="1"] img').waitFor();
          await auditor.check('thumbnails panel');
          await press(page, lang, n.outline);
          await page.locator('.folio-outline-status').waitFor();
          await auditor.check('outline panel, empty');
          await press(page, lang, n.outline);
          await page.locator('aside.folio-side-panel').waitFor({ state: 'detached' });

          await press(page, lang, n.search);
          const box = page.getByRole('searchbox', { name: n.searchBox });
          await box.waitFor();
          await auditor.check('find bar');
          await box.fill('trace');
          await box.press('Enter');
          await page.locator('.folio-search-list [role="listitem"]').first().waitFor();
          await page.locator('.textLayer .highlight.selected').first().waitFor();
          await auditor.check('find bar with results');
          await box.press('Escape');
          await box.waitFor({ state: 'detached' });

          if (device === 'desktop') {
            await page.locator('.folio-pdf-container').focus();
            await page.keyboard.press('Shift+Slash');
            await page.getByRole('dialog', { name: n.shortcuts }).waitFor();
            await auditor.check('shortcuts help');
            await closeDialogWithEscape(page, n.shortcuts);
          }

          await press(page, lang, n.print);
          const print = page.getByRole('dialog', { name: n.print });
          await print.waitFor();
          await auditor.check('print dialog');
          await print.getByRole('textbox').fill('0-x');
          await print.getByRole('alert').waitFor();
          await auditor.check('print dialog, a wrong range');
          await print.getByRole('button', { name: n.cancel }).click();
          await print.waitFor({ state: 'hidden' });

          await press(page, lang, n.sign);
          const pad = page.locator('.folio-sign-modal .ant-modal');
          await pad.waitFor();
          await auditor.check(device === 'phone' ? 'signature pad, full screen' : 'signature pad');
          await pad.getByRole('textbox', { name: n.typedName }).fill('Ada Lovelace');
          await auditor.check('signature pad, a typed name');
          await pad.getByRole('button', { name: n.confirm }).click();
          await page.locator('.folio-sign-modal .ant-modal-wrap').waitFor({ state: 'hidden' });
          await auditor.check('placing a signature');
          await page.getByRole('button', { name: n.placeHere }).click();
          const placed = page.locator('[data-signature-index="0"]');
          await placed.waitFor();
          await placed.focus();
          await auditor.check('a placed signature, focused');
          assert.deepEqual(problems, []);
        });
      });

      it('print progress', async (t) => {
        await audited(t, device, lang, async ({ page }, auditor) => {
          await page.goto(viewerUrl(`?doc=text-1000.pdf&lang=${lang}`));
          await waitForPainted(page, 1);
          await press(page, lang, n.print);
          const print = page.getByRole('dialog', { name: n.print });
          await print.getByRole('radio').first().check();
          await print.getByRole('button', { name: n.print, exact: true }).click();
          await print.getByRole('status').waitFor();
          await auditor.check('print progress');
          await print.getByRole('button', { name: n.cancel }).click();
        });
      });

      it('every error and empty page, the password prompt, the conversion progress', async (t) => {
        await audited(t, device, lang, async ({ page }, auditor) => {
          const visit = async (doc: string | undefined, state: string, ready: string) => {
            const query = doc === undefined ? '' : `doc=${encodeURIComponent(doc)}&`;
            await page.goto(viewerUrl(`?${query}lang=${lang}`));
            await page.locator(ready).first().waitFor();
            await auditor.check(state, [TITLE_EMPTY_BY_SPEC]);
          };
          await visit(undefined, 'no document named', '.ant-result');
          await visit('no-such-file.pdf', 'unknown document', '.ant-result .ant-btn');
          await visit('fail-500.pdf', 'facility failure', '.ant-result .ant-btn');
          await visit('fail-garbage.pdf', 'facility answer unreadable', '.ant-result .ant-btn');
          await visit('fail-conversion.pdf', 'conversion failed', '.ant-result .ant-btn');
          await visit('fail-no-converter.pdf', 'no converter', '.ant-result .ant-btn');
          await visit('corrupt.pdf', 'broken file', '.ant-result .ant-btn');
          await visit(a11yStarting(`${device}-${lang}`), 'conversion started', '.ant-spin');
          await visit(
            a11yConverting(`${device}-${lang}`),
            'conversion progress',
            '.folio-converting .ant-progress',
          );
          await page.goto(viewerUrl(`?doc=bad-page.pdf&lang=${lang}`));
          await waitForPainted(page, 1);
          const number = page.getByRole('textbox', { name: n.pageNumber });
          await number.fill('2');
          await number.press('Enter');
          await page.locator('[data-page-number="2"] .folio-page-error').waitFor();
          await auditor.check('a page that failed');

          await page.goto(viewerUrl(`?doc=password.pdf&lang=${lang}`));
          const prompt = page.getByRole('dialog', { name: n.password });
          await prompt.waitFor();
          await auditor.check('password prompt');
          await prompt.getByLabel(lang === 'en' ? 'Password' : '密码').fill(`${PASSWORD}-wrong`);
          await prompt.getByRole('button', { name: n.open }).click();
          await prompt.locator('.ant-form-item-explain-error').waitFor();
          await auditor.check('password prompt, a wrong password');
          await prompt.getByRole('button', { name: n.cancel }).click();
          await prompt.waitFor({ state: 'hidden' });
          await page.locator('.ant-result .ant-btn').waitFor();
          await auditor.check('password required');

          await page.addInitScript('window.previewTimeoutMs = 500;');
          await visit('slow.pdf', 'facility timeout', '.ant-result .ant-btn');
        });
      });
    });
  }
}
