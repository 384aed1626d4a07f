import { SearchOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app';
import { searchModel } from '../../models/search';
import { useT } from '../../i18n';
import './Search.css';

/**
 * The toolbar's `Search` control (DESIGN §5), present only with `showSearch`: opens and closes the
 * find bar, and shows as pressed while it is open.
 */
export function SearchButton() {
  const t = useT();
  const dispatch = useAppDispatch();
  const showSearch = useAppSelector((state) => state.doc.docData.param.showSearch);
  const open = useAppSelector((state) => state.search.open);
  if (!showSearch) return null;
  const label = t('search.button');
  return (
    <Tooltip title={label}>
      <Button
        // Pressed is styled by Search.css: antd remakes the button's element when its colour or
        // variant changes, which would drop the keyboard focus at each toggle.
        type="text"
        className="folio-search-toggle"
        aria-label={label}
        aria-pressed={open}
        icon={<SearchOutlined />}
        onClick={() => dispatch(searchModel.actions.toggle())}
      />
    </Tooltip>
  );
}
