import { useAppSelector } from '../app';
import { useT } from '../i18n';

/**
 * The global loading indicator: a thin bar while any model's effect runs (the loading model's
 * `global`, counted per namespace). Plain markup: it lives outside the lazy page.
 */
export function LoadingBar() {
  const busy = useAppSelector((state) => state.loading.global);
  const t = useT();
  if (!busy) return null;
  return <div className="folio-loading-bar" role="progressbar" aria-label={t('app.loading')} />;
}
