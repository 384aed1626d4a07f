import { WarningOutlined } from '@ant-design/icons';
import { memo, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { KeyboardEvent } from 'react';
import { useAppSelector } from '../../app';
import { useMessages } from '../../i18n';
import { thumbnailMessages } from './messages';
import { usePagePreview } from '../PdfView/usePagePreview';
import { useGoToPage } from '../SidePanel/useGoToPage';
import { pageSizeAt, thumbSize } from '../../services/pdf/thumbnailGeometry';
import { documentSession } from '../../services/pdf/session';
import type { ThumbnailStore } from '../../services/pdf/thumbnailStore';
import './ThumbnailPanel.css';
import type { PageSize } from '../../domain/document';

/** Thumbnails this far (CSS px) above or below the panel's view are drawn ahead of time. */
const PREFETCH_MARGIN = 240;

/**
 * The thumbnail panel's list: one button per page (`data-thumbnail-number`, named `Page n`) laid out
 * at its final size from the page sizes alone; only the thumbnails in (or near) view are drawn and
 * hold an image, so a 1000-page document keeps a handful of images alive. The current page is
 * marked (`aria-current="page"`) and kept in view; a click goes to the page. Keys: arrows, Home and
 * End move between thumbnails, Enter or Space goes.
 *
 * What is virtualised is the pictures, not the buttons: every page keeps a light, empty button, so
 * that sizes and scroll positions are exact for mixed page sizes (nothing jumps as pictures
 * arrive), and every page stays reachable by keyboard and screen reader. pdf.js's own view holds
 * one element per page too, so the panel stays in proportion to it.
 */
export function ThumbnailPanel() {
  const pageCount = useAppSelector((s) => s.doc.docData.pageCount);
  const announced = useAppSelector((s) => s.doc.docData.pageSize);
  const measured = useAppSelector((s) => s.doc.currentPagesSize);
  const rotate = useAppSelector((s) => s.doc.rotate);
  const currentPage = useAppSelector((s) => s.doc.currentPage);
  const listRef = useRef<HTMLDivElement>(null);

  const sizes = useMemo(() => {
    const out: { width: number; height: number }[] = [];
    let previous: PageSize | undefined;
    for (let i = 0; i < pageCount; i += 1) {
      const size = pageSizeAt(i, measured, announced, previous);
      previous = size;
      out.push(thumbSize(size, rotate));
    }
    return out;
  }, [pageCount, measured, announced, rotate]);

  // The session's thumbnails of the engine on screen (a new engine, a new store).
  const engine = useAppSelector((s) => s.viewer.engine);
  const store = useMemo(() => (engine > 0 ? documentSession.thumbnails() : undefined), [engine]);

  useEffect(() => {
    store?.setRotation(rotate);
  }, [store, rotate]);

  // What is in view is drawn; what leaves it is cancelled (and its image goes from the DOM).
  useEffect(() => {
    const list = listRef.current;
    if (!store || !list) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        entries.forEach((entry) => {
          const page = Number((entry.target as HTMLElement).dataset.thumbnailNumber);
          if (entry.isIntersecting) store.show(page);
          else store.hide(page);
        });
      },
      { root: list, rootMargin: `${PREFETCH_MARGIN}px 0px` },
    );
    list.querySelectorAll('[data-thumbnail-number]').forEach((item) => {
      observer.observe(item);
    });
    return () => {
      observer.disconnect();
      store.reset();
    };
  }, [store, pageCount]);

  // The current page stays in view (centred when it has to move), also when the panel opens.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>(`[data-thumbnail-number="${currentPage}"]`);
    if (!list || !item) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top >= list.scrollTop && bottom <= list.scrollTop + list.clientHeight) return;
    list.scrollTop = Math.max(0, top - (list.clientHeight - item.offsetHeight) / 2);
  }, [currentPage, sizes]);

  const go = useGoToPage();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((event.target as HTMLElement).dataset.thumbnailNumber);
    if (!Number.isInteger(from) || from < 1) return;
    const to =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? from + 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? from - 1
          : event.key === 'Home'
            ? 1
            : event.key === 'End'
              ? pageCount
              : undefined;
    if (to === undefined) return;
    event.preventDefault();
    const target = Math.min(pageCount, Math.max(1, to));
    listRef.current?.querySelector<HTMLElement>(`[data-thumbnail-number="${target}"]`)?.focus();
  };

  return (
    <div ref={listRef} className="folio-thumbnails" onKeyDown={onKeyDown}>
      {sizes.map((size, index) => {
        const page = index + 1;
        return (
          <ThumbnailItem
            key={page}
            page={page}
            width={size.width}
            height={size.height}
            current={page === currentPage}
            upright={rotate % 360 === 0}
            store={store}
            onGo={go}
          />
        );
      })}
    </div>
  );
}

const noSubscription = () => () => undefined;

interface ItemProps {
  page: number;
  width: number;
  height: number;
  current: boolean;
  /** The view is not turned: the facility's upright preview can stand in for the picture. */
  upright: boolean;
  store: ThumbnailStore | undefined;
  onGo: (page: number) => void;
}

const ThumbnailItem = memo(function ThumbnailItem({
  page,
  width,
  height,
  current,
  upright,
  store,
  onGo,
}: ItemProps) {
  const t = useMessages(thumbnailMessages);
  const subscribe = useMemo(
    () => (store ? (listener: () => void) => store.subscribe(page, listener) : noSubscription),
    [store, page],
  );
  const thumb = useSyncExternalStore(subscribe, () => store?.get(page));
  const failed = thumb?.kind === 'failed';
  // Until pdf.js has drawn the thumbnail, the page's preview where the facility offers one.
  const preview = usePagePreview(page, width, upright && thumb === undefined);
  const src = thumb?.kind === 'image' ? thumb.url : preview;
  return (
    <button
      type="button"
      className="folio-thumbnail"
      data-thumbnail-number={page}
      aria-label={t('panels.thumbnailPage', { page })}
      aria-current={current ? 'page' : undefined}
      title={failed ? t('panels.thumbnailFailed', { page }) : undefined}
      tabIndex={current ? 0 : -1}
      onClick={() => {
        onGo(page);
      }}
    >
      <span className="folio-thumbnail-frame" style={{ width, height }}>
        {src !== undefined && (
          <img src={src} alt="" width={width} height={height} draggable={false} />
        )}
        {failed && <WarningOutlined aria-hidden className="folio-thumbnail-failed" />}
      </span>
      <span className="folio-thumbnail-label" aria-hidden>
        {page}
      </span>
    </button>
  );
});
