import { RouterProvider } from 'react-router-dom';
import { useAppSelector } from './app';
import { LocaleProvider } from './i18n';
import { LoadingBar } from './components/LoadingBar';
import type { AppRouter } from './router/createAppRouter';

/**
 * Everything under the store: the reader's language around the router. antd's providers live in
 * the lazy page (src/components/Shell), so the initial script stays small.
 */
export function Root({ router }: { router: AppRouter }) {
  const locale = useAppSelector((state) => state['@@initialState'].initialState?.locale ?? 'en');
  return (
    <LocaleProvider locale={locale}>
      <LoadingBar />
      <RouterProvider router={router} />
    </LocaleProvider>
  );
}
