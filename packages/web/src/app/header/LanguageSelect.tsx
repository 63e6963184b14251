import { GlobalOutlined } from '@ant-design/icons';
import { LANG_CODES, type LangCode } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { tellLanguage } from '../../api/language.ts';
import { changeLocale, useT } from '../../i18n/index.ts';
import { getLangCode, setLangCode } from '../../session/store.ts';

const LABELS: Record<LangCode, string> = { china1: '简体中文', china2: '繁體中文', english: 'English' };

/** Language dropdown: kept for the browser session and sent to the server (setLanguage). */
export function LanguageSelect({ dark = false }: { dark?: boolean }) {
  const { t } = useT();
  const qc = useQueryClient();
  const current = getLangCode();
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
  return (
    <Dropdown
      menu={{
        selectedKeys: [current],
        items: (Object.keys(LABELS) as LangCode[]).map((k) => ({ key: k, label: LABELS[k] })),
        onClick: ({ key }) => void choose(key as LangCode),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        style={dark ? { color: '#fff' } : undefined}
        aria-label={t('ui.language')}
        data-testid="language-select"
      >
        {LABELS[current]}
      </Button>
    </Dropdown>
  );
}
