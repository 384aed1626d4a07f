import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { LocaleProvider, useLocale } from '../i18n';
import type { Locale } from '../i18n';
import {
  NOTIFICATION_DURATION_S,
  NOTIFICATION_TOP_PX,
  TOAST_DURATION_S,
} from '../../config/defaults';
import { createToaster } from './feedback';
import { STATIC_THEME, THEME } from './antdTheme';
import type { Toaster } from './feedback';

const ToasterContext = createContext<Toaster | undefined>(undefined);

export function useToaster(): Toaster {
  const toaster = useContext(ToasterContext);
  if (!toaster) throw new Error('useToaster needs <Shell>.');
  return toaster;
}

function ToasterProvider({ children }: { children: ReactNode }) {
  const { message } = AntApp.useApp();
  const toaster = useMemo(() => createToaster(message), [message]);
  return <ToasterContext.Provider value={toaster}>{children}</ToasterContext.Provider>;
}

/**
 * What every antd component needs: antd's texts in the reader's language (from the nearest
 * LocaleProvider), readable colours, and Folio's defaults for its components.
 */
export function AntdConfig({
  children,
  staticStyles = false,
}: {
  children: ReactNode;
  /** antd's styles from the stylesheet made at build time (antdTheme.ts, STATIC_THEME). */
  staticStyles?: boolean;
}) {
  const locale = useLocale();
  return (
    // No space auto-inserted into two-character Chinese button labels: it would change their
    // accessible names (重试 → 重 试).
    <ConfigProvider
      locale={locale === 'zh-CN' ? zhCN : enUS}
      theme={staticStyles ? STATIC_THEME : THEME}
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * Language, antd's configuration and its message/notification holders with the defaults of spec
 * §9. antd's styles come from the stylesheet made at build time (antd-styles.css, which the
 * `reading-panels` chunk brings). It adds no element of its own in place: the panels render it
 * around portals.
 */
export function Shell({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <LocaleProvider locale={locale}>
      <AntdConfig staticStyles>
        <AntApp
          component={false}
          message={{ duration: TOAST_DURATION_S }}
          notification={{ duration: NOTIFICATION_DURATION_S, top: NOTIFICATION_TOP_PX }}
        >
          <ToasterProvider>{children}</ToasterProvider>
        </AntApp>
      </AntdConfig>
    </LocaleProvider>
  );
}
