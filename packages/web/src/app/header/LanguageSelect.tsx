import { GlobalOutlined } from '@ant-design/icons';
import { LANG_CODES, type LangCode } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { tellLanguage } from '../../api/language.ts';
import { changeLocale, useT } from '../../i18n/index.ts';
import { getLangCode, setLangCode } from '../../session/store.ts';

const LABELS: Record<LangCode, string> = { china1: '简体中文', china2: '繁體中文', english: 'English' };

const loadMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageMenu })));

/**
 * Language dropdown: kept for the browser session and sent to the server (setLanguage). The
 * dropdown's code (antd's Dropdown and Menu, which the sign-in page has no other use for) loads
 * once the page is idle or when the button is first pointed at or clicked; the menu then opens.
 * `compact` (a phone's header): the globe alone, named "Language: English".
 */
export function LanguageSelect({ dark = false, compact = false }: { dark?: boolean; compact?: boolean }) {
  const { t } = useT();
  const qc = useQueryClient();
  const current = getLangCode();
  /** null until the button is first pointed at or clicked. */
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const id = requestIdleCallback(() => void loadMenu(), { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }, []);
  const choose = async (code: LangCode) => {
    setLangCode(code);
    await changeLocale(LANG_CODES[code]);
    try {
      await tellLanguage(code);
    } catch {
      // the choice is kept locally even if the server cannot be told now
    }
    await qc.invalidateQueries();
  };
  const wake = open === null ? () => setOpen(true) : undefined;
  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      style={dark ? { color: '#fff' } : undefined}
      // The name holds the visible text (WCAG 2.5.3, Label in Name): "Language: English".
      aria-label={`${t('ui.language')}: ${LABELS[current]}`}
      data-testid="language-select"
      onMouseEnter={wake}
      onClick={wake}
    >
      {compact ? null : LABELS[current]}
    </Button>
  );
  if (open === null) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu
        menu={{
          selectedKeys: [current],
          items: (Object.keys(LABELS) as LangCode[]).map((k) => ({ key: k, label: LABELS[k] })),
          onClick: ({ key }) => void choose(key as LangCode),
        }}
        open={open}
        onOpenChange={setOpen}
      >
        {button}
      </LanguageMenu>
    </Suspense>
  );
}
