import { SearchOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../../app';
import { searchActions } from '../../models/search';
import { useMessages } from '../../i18n';
import { searchMessages } from './messages';
import { ToolButton } from '../common/ToolButton';
import './Search.css';

/**
 * The toolbar's `Search` control (contracts §5), present only with `showSearch`: opens and closes the
 * find bar, and shows as pressed while it is open.
 */
export function SearchButton() {
  const t = useMessages(searchMessages);
  const dispatch = useAppDispatch();
  const showSearch = useAppSelector((state) => state.doc.docData.param.showSearch);
  const open = useAppSelector((state) => state.search.open);
  if (!showSearch) return null;
  const label = t('search.button');
  return (
    <ToolButton
      label={label}
      icon={<SearchOutlined />}
      pressed={open}
      onClick={() => dispatch(searchActions.toggle())}
    />
  );
}
