import { useAppSelector } from './app';
import { LocaleProvider } from './i18n';
import { useDocumentLanguage } from './i18n/documentLanguage';
import { LoadingBar } from './components/LoadingBar';
import { AppRouter } from './router/AppRouter';
import type { AppRouterProps } from './router/AppRouter';

/**
 * Everything under the store: the reader's language around the router (and on `<html lang>`). antd's providers are
 * rendered by the lazy page's parts that use antd (src/components/Shell), so neither the initial
 * script nor the first render of a document waits for antd.
 */
export function Root(router: AppRouterProps) {
  const locale = useAppSelector((state) => state['@@initialState'].initialState?.locale ?? 'en');
  useDocumentLanguage(locale);
  return (
    <LocaleProvider locale={locale}>
      <LoadingBar />
      <AppRouter {...router} />
    </LocaleProvider>
  );
}
