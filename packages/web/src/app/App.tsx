import { LANG_CODES } from '@gatehouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message, theme } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { antdLocaleOf, onLanguageChange } from '../i18n/index.ts';
import { getLangCode } from '../session/store.ts';
import { AppNotifierBridge } from './NotifierBridge.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { AppRoutes } from './routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

const DAYJS_LOCALES = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', en: 'en' } as const;

/**
 * The frame antd's App would draw (text colour, size and font of the theme), without App's modal and
 * notification code: the public screens need neither; the signed-in shell brings antd's App.
 */
function AppFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const style = { color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily };
  return (
    <div className="gh-app" style={style}>
      {children}
    </div>
  );
}

/** antd's message API as the client's notifier (toasts of failed calls) on every screen. */
function Toasts() {
  const [api, holder] = message.useMessage();
  return (
    <>
      {holder}
      <AppNotifierBridge message={api} />
    </>
  );
}

/**
 * The theme: antd's defaults darkened where they miss WCAG AA contrast (4.5:1): the primary and
 * link blue (buttons, links, the selected menu item, "processing" tags), the danger red (delete
 * buttons, error tags), the secondary greys (breadcrumb, placeholders, descriptions) and the
 * text of coloured tags on their light backgrounds (status tags and the preset colours the
 * statuses use) and of success and warning text. e2e/tests/screens.spec.ts checks every screen.
 */
/** The system's "reduce motion" setting (WCAG 2.3.3): dialogs, menus and messages then appear and go without animation. */
const reduceMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const THEME = {
  token: {
    motion: !reduceMotion,
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    borderRadius: 4,
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
  },
  components: {
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      green7: '#237804',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      gold7: '#874d00',
      cyan7: '#006d75',
      lime7: '#3f6600',
      yellow7: '#614700',
    },
    Typography: { colorSuccess: '#237804', colorWarning: '#ad4e00' },
  },
};

export function App() {
  const [lang, setLang] = useState(LANG_CODES[getLangCode()]);
  useEffect(() => onLanguageChange(setLang), []);
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[lang]);
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocaleOf(lang)} theme={THEME}>
        <AppFrame>
          <Toasts />
          <BrowserRouter>
            <ScreenErrorBoundary>
              <AppRoutes />
            </ScreenErrorBoundary>
          </BrowserRouter>
        </AppFrame>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

export { queryClient };
