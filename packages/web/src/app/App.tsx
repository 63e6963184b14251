import { LANG_CODES } from '@gatehouse/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setNotifier } from '../api/notify.ts';
import { i18next } from '../i18n/index.ts';
import { getLangCode } from '../session/store.ts';
import { router } from './routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

const ANTD_LOCALES = { 'zh-CN': zhCN, 'zh-TW': zhTW, en: enUS } as const;
const DAYJS_LOCALES = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', en: 'en' } as const;

/** Installs antd's message API as the client's notifier. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier({ error: (t) => message.error(t), warning: (t) => message.warning(t), success: (t) => message.success(t) });
  }, [message]);
  return null;
}

export function App() {
  const [lang, setLang] = useState(LANG_CODES[getLangCode()]);
  useEffect(() => {
    const on = (l: string) => setLang(l as keyof typeof ANTD_LOCALES);
    i18next.on('languageChanged', on);
    return () => i18next.off('languageChanged', on);
  }, []);
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[lang]);
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[lang]} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 4 } }}>
        <AntApp>
          <NotifierBridge />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

export { queryClient };
