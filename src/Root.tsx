import { RouterProvider } from 'react-router-dom';
import { useAppSelector } from './app';
import { Shell } from './components/Shell';
import type { AppRouter } from './router/createAppRouter';

/** Everything under the store: language and antd's providers around the router. */
export function Root({ router }: { router: AppRouter }) {
  const locale = useAppSelector((state) => state['@@initialState'].initialState?.locale ?? 'en');
  return (
    <Shell locale={locale}>
      <RouterProvider router={router} />
    </Shell>
  );
}
