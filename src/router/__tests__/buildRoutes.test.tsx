import { render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import { AppRouter, AppRoutes } from '../AppRouter';
import { usePageTitle } from '../DocumentTitle';
import { createUrlHistory } from '../../url';
import type { RouteConfig } from '../types';

function ShowPath() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderAt(path: string, routes: RouteConfig[], defaultTitle = '') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes routes={routes} defaultTitle={defaultTitle} />
      <ShowPath />
    </MemoryRouter>,
  );
}

const Page = (text: string) =>
  function NamedPage() {
    return <p>{text}</p>;
  };

describe('buildRoutes (umi route shape)', () => {
  it('spec §2 router: renders a redirect', async () => {
    renderAt('/old', [
      { path: '/old', redirect: '/new' },
      { path: '/new', component: Page('new page') },
    ]);
    expect(await screen.findByText('new page')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/new');
  });

  it('spec §2 router: renders nested routes inside their parent', async () => {
    function Parent() {
      return (
        <section aria-label="parent">
          <Outlet />
        </section>
      );
    }
    renderAt('/docs/a', [
      { path: '/docs', component: Parent, routes: [{ path: 'a', component: Page('child a') }] },
    ]);
    const child = await screen.findByText('child a');
    expect(screen.getByRole('region', { name: 'parent' })).toContainElement(child);
  });

  it('spec §2 router: wrappers wrap the route, the first one outermost', async () => {
    const wrapper = (name: string) =>
      function Wrapper({ children }: { children: ReactNode }) {
        return <div data-testid={name}>{children}</div>;
      };
    renderAt('/w', [
      { path: '/w', component: Page('wrapped'), wrappers: [wrapper('outer'), wrapper('inner')] },
    ]);
    const page = await screen.findByText('wrapped');
    const inner = screen.getByTestId('inner');
    expect(screen.getByTestId('outer')).toContainElement(inner);
    expect(inner).toContainElement(page);
  });

  it('spec §2 wildcard: /* matches any path', async () => {
    renderAt('/a/b/c', [{ path: '/*', component: Page('anything') }]);
    expect(await screen.findByText('anything')).toBeInTheDocument();
  });
});

describe('document title (spec §2)', () => {
  it("takes the deepest matched route's title", async () => {
    renderAt('/a/b', [
      { path: '/a', title: 'A', routes: [{ path: 'b', title: 'B', component: Page('b') }] },
    ]);
    await screen.findByText('b');
    expect(document.title).toBe('B');
  });

  it('falls back to a parent title, then to the default title, which is empty', async () => {
    renderAt('/a/c', [{ path: '/a', title: 'A', routes: [{ path: 'c', component: Page('c') }] }]);
    await screen.findByText('c');
    expect(document.title).toBe('A');
  });

  it('defaults to the empty title', async () => {
    document.title = 'stale';
    renderAt('/x', [{ path: '/x', component: Page('x') }]);
    await screen.findByText('x');
    expect(document.title).toBe('');
  });

  it("a page's own title wins while it is shown", async () => {
    function Titled() {
      usePageTitle('My document');
      return <p>titled</p>;
    }
    renderAt('/t', [{ path: '/t', title: 'Route', component: Titled }]);
    await screen.findByText('titled');
    expect(document.title).toBe('My document');
  });
});

describe('AppRouter', () => {
  it('renders from the page’s one history, whose listeners hear its navigations, under the base path', async () => {
    window.history.replaceState(null, '', '/viewer/old?doc=a#page=2');
    const history = createUrlHistory();
    expect(history.location).toEqual({
      pathname: '/viewer/old',
      search: '?doc=a',
      hash: '#page=2',
    });
    const heard: string[] = [];
    history.listen((location) => heard.push(`${location.pathname}${location.search}`));
    render(
      <AppRouter
        basename="/viewer"
        history={history}
        routes={[
          { path: '/old', redirect: '/new?doc=b' },
          { path: '/new', title: 'New', component: Page('new page') },
        ]}
      />,
    );
    expect(await screen.findByText('new page')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/viewer/new');
    expect(heard).toEqual(['/viewer/new?doc=b']);
    expect(history.location.search).toBe('?doc=b');
    // A hash written behind the router's back (writeHash.ts) is read at once.
    window.history.replaceState(window.history.state, '', '/viewer/new?doc=b#page=7');
    expect(history.location.hash).toBe('#page=7');
    expect(document.title).toBe('New');
  });
});
