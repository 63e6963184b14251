/**
 * The local serial-port card-reader helper (001 §1, §3, §7, §9): a small HTTP service on the
 * user's own computer (packages/card-reader) that the card dialogs poll for the card id.
 */
import { defineMessages } from './messages/define.ts';

/** Baud rates the helper accepts (001 §9). */
export const CARD_READER_BAUD_RATES = [9600, 115200] as const;
export type CardReaderBaudRate = (typeof CARD_READER_BAUD_RATES)[number];

export const CARD_READER = {
  /** The helper listens on 127.0.0.1 at this port unless CARD_READER_PORT says otherwise. */
  defaultPort: 17_790,
  host: '127.0.0.1',
  /** Browser storage key holding another helper address (e.g. http://127.0.0.1:18000), when not the default. */
  urlStorageKey: 'gatehouse.cardReaderUrl',
  defaultBaudRate: 9600 as CardReaderBaudRate,
} as const;

export const cardReaderDefaultUrl = (): string => `http://${CARD_READER.host}:${CARD_READER.defaultPort}`;

/** The four calls: GET <helper>/<call>, answers in the envelope {status, msgs, content}. */
export const CARD_READER_CALLS = ['getPorts', 'open', 'close', 'getCardId'] as const;
export type CardReaderCall = (typeof CARD_READER_CALLS)[number];

/** Answer of getPorts (also of open and close): the spec's serial-port helper fields (001 §3). */
export interface CardReaderState {
  ports: string[];
  isOpen: boolean;
  PortName: string;
  BaudRate: number;
}

/**
 * Messages the helper answers with, rendered in the language the caller asks for (`lang`
 * query: zh-CN, zh-TW or en; English by default). The web registers them in i18n/cardReader.ts.
 */
export const CARD_READER_MESSAGES = defineMessages({
  'cardReader.err.badBaudRate': {
    'zh-CN': '波特率只能是 9600 或 115200（收到 {{value}}）',
    'zh-TW': '鮑率只能是 9600 或 115200（收到 {{value}}）',
    en: 'Baud rate must be 9600 or 115200 (got {{value}})',
  },
  'cardReader.err.noPort': { 'zh-CN': '请选择串口', 'zh-TW': '請選擇序列埠', en: 'Choose a serial port' },
  'cardReader.err.unknownPort': {
    'zh-CN': '串口 {{port}} 不存在',
    'zh-TW': '序列埠 {{port}} 不存在',
    en: 'Serial port {{port}} does not exist',
  },
  'cardReader.err.openFailed': {
    'zh-CN': '无法打开串口 {{port}}：{{reason}}',
    'zh-TW': '無法開啟序列埠 {{port}}：{{reason}}',
    en: 'Cannot open serial port {{port}}: {{reason}}',
  },
  'cardReader.err.unknownCall': {
    'zh-CN': '未知的调用 {{call}}（可用：getPorts、open、close、getCardId）',
    'zh-TW': '未知的呼叫 {{call}}（可用：getPorts、open、close、getCardId）',
    en: 'Unknown call {{call}} (available: getPorts, open, close, getCardId)',
  },
  'cardReader.err.notOpen': {
    'zh-CN': '串口未打开',
    'zh-TW': '序列埠未開啟',
    en: 'The serial port is not open',
  },
  'cardReader.opened': { 'zh-CN': '串口已打开', 'zh-TW': '序列埠已開啟', en: 'Serial port open' },
  'cardReader.closed': { 'zh-CN': '串口已关闭', 'zh-TW': '序列埠已關閉', en: 'Serial port closed' },
});
