/**
 * The boot bar's page controls (docs/decisions/2026-12-07-boot-bar-turns-pages.md): named as the
 * toolbar's own, in the reader's language, turning within the document's pages.
 */
import { mountPageControls } from '../pageControls';

function mounted(options: { count: number; locale?: 'en' | 'zh-CN'; showNumber?: boolean }) {
  const bar = document.createElement('div');
  bar.setAttribute('aria-hidden', 'true');
  document.body.replaceChildren(bar);
  const asked: number[] = [];
  mountPageControls(bar, {
    count: options.count,
    locale: options.locale ?? 'en',
    showNumber: options.showNumber ?? true,
    narrow: false,
    go: (page) => asked.push(page),
  });
  const button = (name: string) => {
    const found = bar.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
    if (found === null) throw new Error(`no ${name} button`);
    return found;
  };
  return { bar, asked, button };
}

describe('the boot bar’s page controls', () => {
  it('are the toolbar’s Previous page, page of count and Next page, no longer hidden', () => {
    const { bar, button } = mounted({ count: 3 });
    expect(bar.hasAttribute('aria-hidden')).toBe(false);
    expect(bar.querySelector('section')?.getAttribute('aria-label')).toBe('Toolbar');
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(false);
    expect(bar.textContent).toBe('1 / 3');
  });

  it('turn within the pages, asking for each page turned to', () => {
    const { bar, asked, button } = mounted({ count: 3 });
    button('Next page').click();
    expect(bar.textContent).toBe('2 / 3');
    expect(button('Previous page').disabled).toBe(false);
    button('Next page').click();
    expect(button('Next page').disabled).toBe(true);
    // A click on a disabled button does nothing (jsdom dispatches none, as browsers).
    button('Next page').click();
    button('Previous page').click();
    expect(asked).toEqual([2, 3, 2]);
    expect(bar.textContent).toBe('2 / 3');
  });

  it('speak the reader’s language', () => {
    const { bar, button } = mounted({ count: 2, locale: 'zh-CN' });
    expect(button('上一页').disabled).toBe(true);
    expect(button('下一页').disabled).toBe(false);
    expect(bar.querySelector('section')?.getAttribute('aria-label')).toBe('工具栏');
  });

  it('show no number where the facility hides it (showNum), and both ends of one page', () => {
    const { bar, button } = mounted({ count: 1, showNumber: false });
    expect(bar.textContent).toBe('');
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(true);
  });
});
