import { createApp, loadingModel, loadingPlugin } from '../../../runtime';
import type { HistoryLike } from '../../../runtime';
import { urlModel } from '..';
import { docModel } from '../../doc';
import { searchModel } from '../../search';

/** A history the test moves by hand; records nothing else. */
function manualHistory(search: string) {
  const listeners = new Set<(location: HistoryLike['location']) => void>();
  let location = { pathname: '/', search, hash: '' };
  return {
    get location() {
      return location;
    },
    listen(listener: (location: HistoryLike['location']) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    go(next: string) {
      location = { pathname: '/', search: next, hash: '' };
      listeners.forEach((l) => {
        l(location);
      });
    },
  };
}

function start(search: string) {
  const seen: string[] = [];
  const app = createApp();
  app.use(loadingPlugin);
  app.use({
    onAction: [
      () => (next) => (action) => {
        const { type, payload } = action as { type: string; payload: unknown };
        if (type === 'doc/fetch') seen.push(String(payload));
        return next(action);
      },
    ],
  });
  app.model(docModel);
  app.model(searchModel);
  app.model(urlModel);
  app.model(loadingModel);
  const history = manualHistory(search);
  app.start({ history });
  return { app, history, seen };
}

describe('contracts §1 URL → effect: the url model fetches what ?doc= names', () => {
  it('fetches the document named at start-up, before any page renders', () => {
    const { seen } = start('?doc=report.pdf&lang=en');
    expect(seen).toEqual(['report.pdf']);
  });

  it('fetches again only when the URL names another document', () => {
    const { history, seen } = start('?doc=a.pdf');
    history.go('?doc=a.pdf&lang=zh-CN');
    history.go('?doc=b.pdf');
    history.go('?doc=b.pdf');
    expect(seen).toEqual(['a.pdf', 'b.pdf']);
  });

  it('fetches nothing without a valid ?doc=', () => {
    const { history, seen } = start('');
    history.go('?doc=%00bad');
    history.go('?doc=');
    expect(seen).toEqual([]);
  });

  it('going back to a document after leaving it fetches it again', () => {
    const { history, seen } = start('?doc=a.pdf');
    history.go('');
    history.go('?doc=a.pdf');
    expect(seen).toEqual(['a.pdf', 'a.pdf']);
  });
});
