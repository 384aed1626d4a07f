import { CaretDownFilled } from '@ant-design/icons';
import { Empty, Spin, Tree } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Key, KeyboardEvent } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app';
import { selectOutline, viewerActions } from '../../models/viewer';
import { useMessages } from '../../i18n';
import { outlineMessages } from './messages';
import { panelsMessages } from '../SidePanel/messages';
import { useGoToPage } from '../SidePanel/useGoToPage';
import './OutlinePanel.css';
import type { OutlineItem } from '../../domain/document';

/** Its own strings and the panel's name, which the outline's tree carries. */
const strings = { ...outlineMessages, ...panelsMessages };

interface Entry {
  page: number | null;
  parent: boolean;
}

/** antd's tree data (titles as plain strings: React renders them as text) and key → entry. */
function toTree(items: readonly OutlineItem[], untitled: string) {
  const entries = new Map<Key, Entry>();
  const level = (list: readonly OutlineItem[], prefix: string): TreeDataNode[] =>
    list.map((item, index) => {
      const key = `${prefix}${index}`;
      entries.set(key, { page: item.page, parent: item.children.length > 0 });
      return {
        key,
        title: item.title === '' ? untitled : item.title,
        // An entry that points nowhere is shown but does nothing.
        selectable: item.page !== null,
        className: item.page === null ? 'folio-outline-inert' : undefined,
        children: item.children.length > 0 ? level(item.children, `${key}-`) : undefined,
      };
    });
  return { treeData: level(items, ''), entries };
}

/** Follows an element's height, for antd's virtual tree (which needs a number). */
function useHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const observer = new ResizeObserver((entries) => {
      const next = entries.at(-1)?.contentRect.height;
      if (next !== undefined && next > 0) setHeight(Math.floor(next));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return { ref, height };
}

/**
 * The outline panel: a nested antd Tree (`role="tree"`, `treeitem`s; arrows move and open or
 * close, Home/End jump). A click, Space or Enter on an entry goes to its page (Enter on an entry
 * with children also opens or closes it, as the tree does); entries without a page are inert.
 */
export function OutlinePanel() {
  const t = useMessages(strings);
  const dispatch = useAppDispatch();
  const load = useAppSelector(selectOutline, shallowEqual);
  // The PDF's own outline is read when the panel shows (once per engine: the effect knows).
  const engine = useAppSelector((s) => s.viewer.engine);
  const fromPdf = useAppSelector((s) => s.doc.docData.docOutline.length === 0);
  useEffect(() => {
    if (fromPdf && engine > 0) void dispatch(viewerActions.readOutline());
  }, [fromPdf, engine, dispatch]);
  const go = useGoToPage();
  const { ref, height } = useHeight<HTMLDivElement>();
  const [selected, setSelected] = useState<Key>();
  // Controlled, so that after a click the arrows move on from the clicked entry (antd's tree
  // leaves the keyboard position where it was on a mouse click).
  const [active, setActive] = useState<Key | null>(null);
  const untitled = t('panels.outlineUntitled');

  const tree = useMemo(
    () => (load.kind === 'ready' ? toTree(load.items, untitled) : undefined),
    [load, untitled],
  );

  const activate = (key: Key) => {
    const page = tree?.entries.get(key)?.page;
    if (page === undefined || page === null) return;
    setSelected(key);
    setActive(key);
    go(page);
  };

  const onSelect: TreeProps['onSelect'] = (_keys, info) => {
    // A second click on the selected entry unselects it in antd; here it goes there again.
    activate(info.node.key);
  };

  // Enter on a leaf selects it (onSelect above). On an entry with children the tree opens or
  // closes it, and on the selected entry it does nothing: both go to the page here too.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = active;
    if (event.key !== 'Enter' || key === null) return;
    if (tree?.entries.get(key)?.parent || key === selected) activate(key);
  };

  let body;
  if (load.kind === 'loading') {
    body = <Spin className="folio-outline-status" description={t('panels.outlineLoading')} />;
  } else if (load.kind === 'unavailable') {
    body = <Empty className="folio-outline-status" description={t('panels.outlineUnavailable')} />;
  } else if (load.kind === 'failed') {
    body = <Empty className="folio-outline-status" description={t('panels.outlineFailed')} />;
  } else if (!tree || tree.treeData.length === 0) {
    body = <Empty className="folio-outline-status" description={t('panels.outlineEmpty')} />;
  } else {
    body = (
      <Tree
        treeData={tree.treeData}
        blockNode
        height={height}
        selectedKeys={selected === undefined ? [] : [selected]}
        onSelect={onSelect}
        onKeyDown={onKeyDown}
        activeKey={active}
        onActiveChange={setActive}
        // The default caret is named "caret-down", which would start every entry's name.
        switcherIcon={<CaretDownFilled aria-hidden />}
        aria-label={t('panels.outline')}
      />
    );
  }
  return (
    <div ref={ref} className="folio-outline">
      {body}
    </div>
  );
}
