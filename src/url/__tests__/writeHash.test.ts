/**
 * The page the boot's stage writes ahead of the app (docs/decisions/2026-12-07-boot-bar-turns-pages.md):
 * the page alone, the hash's other keys kept, a `hashchange` for the URL's one listener; nothing
 * once the URL names another document.
 */
import { writePageAhead } from '../writeHash';

describe('writePageAhead', () => {
  let changes = 0;
  const count = () => {
    changes += 1;
  };
  beforeEach(() => {
    changes = 0;
    window.addEventListener('hashchange', count);
  });
  afterEach(() => {
    window.removeEventListener('hashchange', count);
  });

  it('writes the page before the other keys, and tells the listener', () => {
    window.history.replaceState(null, '', '/?doc=a.pdf#search=budget');
    writePageAhead('a.pdf', 3);
    expect(window.location.hash).toBe('#page=3&search=budget');
    expect(changes).toBe(1);
    // The same page again changes nothing and tells no one.
    writePageAhead('a.pdf', 3);
    expect(changes).toBe(1);
  });

  it('leaves the URL of another document alone', () => {
    window.history.replaceState(null, '', '/?doc=b.pdf');
    writePageAhead('a.pdf', 2);
    expect(window.location.hash).toBe('');
    expect(changes).toBe(0);
  });
});
