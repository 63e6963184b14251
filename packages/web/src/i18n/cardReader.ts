import { CARD_READER_MESSAGES, defineMessages } from '@gatehouse/contracts';

/** The serial-port card reader section of the card dialogs, and the helper's own messages. */
export const cardReaderUi = defineMessages({
  ...CARD_READER_MESSAGES,
  'ui.cardReader.port': { 'zh-CN': '串口', 'zh-TW': '序列埠', en: 'Port' },
  'ui.cardReader.pickPort': { 'zh-CN': '选择串口', 'zh-TW': '選擇序列埠', en: 'Choose a port' },
  'ui.cardReader.baud': { 'zh-CN': '波特率', 'zh-TW': '鮑率', en: 'Baud rate' },
  'ui.cardReader.connect': { 'zh-CN': '连接', 'zh-TW': '連線', en: 'Connect' },
  'ui.cardReader.disconnect': { 'zh-CN': '断开', 'zh-TW': '中斷連線', en: 'Disconnect' },
  'ui.cardReader.driver': { 'zh-CN': '驱动下载', 'zh-TW': '驅動程式下載', en: 'Driver download' },
  'ui.cardReader.checking': { 'zh-CN': '正在查找读卡器服务…', 'zh-TW': '正在尋找讀卡機服務…', en: 'Looking for the card reader helper…' },
  'ui.cardReader.closed': { 'zh-CN': '读卡器未连接', 'zh-TW': '讀卡機未連線', en: 'Card reader not connected' },
  'ui.cardReader.noPorts': {
    'zh-CN': '本机没有串口，请插入读卡器并安装驱动',
    'zh-TW': '本機沒有序列埠，請插入讀卡機並安裝驅動程式',
    en: 'No serial port on this computer: plug in the reader and install its driver',
  },
  'ui.cardReader.waiting': {
    'zh-CN': '已连接 {{port}}（{{baud}}），请刷卡',
    'zh-TW': '已連線 {{port}}（{{baud}}），請刷卡',
    en: 'Connected to {{port}} ({{baud}}): swipe a card',
  },
  'ui.cardReader.lastCard': { 'zh-CN': '已读取卡号 {{cardId}}', 'zh-TW': '已讀取卡號 {{cardId}}', en: 'Card read: {{cardId}}' },
  'ui.cardReader.down': {
    'zh-CN': '本机未运行读卡器服务',
    'zh-TW': '本機未執行讀卡機服務',
    en: 'Card reader helper not running on this computer',
  },
  'ui.cardReader.startWith': {
    'zh-CN': '请在接读卡器的电脑上启动它：',
    'zh-TW': '請在連接讀卡機的電腦上啟動它：',
    en: 'Start it on the computer the reader is plugged into with',
  },
  'ui.cardReader.retry': { 'zh-CN': '重试', 'zh-TW': '重試', en: 'Retry' },
  'ui.cardReader.helpTitle': { 'zh-CN': '读卡器驱动与设置', 'zh-TW': '讀卡機驅動程式與設定', en: 'Card reader driver and set-up' },
  'ui.cardReader.helpDriver': {
    'zh-CN': 'USB 读卡器通过 USB 转串口芯片工作。Windows 上如果设备管理器没有出现 COM 口，请按芯片型号安装驱动：',
    'zh-TW': 'USB 讀卡機透過 USB 轉序列埠晶片運作。Windows 上若裝置管理員沒有出現 COM 埠，請依晶片型號安裝驅動程式：',
    en: 'USB readers work through a USB-to-serial chip. On Windows, when no COM port appears in Device Manager, install the driver for the chip:',
  },
  'ui.cardReader.helpStart': {
    'zh-CN': '读卡器服务在本机运行（监听 127.0.0.1），启动命令：',
    'zh-TW': '讀卡機服務在本機執行（監聽 127.0.0.1），啟動指令：',
    en: 'The card reader helper runs on this computer (listening on 127.0.0.1). Start it with',
  },
  'ui.cardReader.helpPorts': {
    'zh-CN':
      'Windows 上串口名为 COM3 等；Linux 上为 /dev/ttyUSB0 或 /dev/ttyACM0（用户需在 dialout 组）。波特率按读卡器说明选择 9600 或 115200。',
    'zh-TW':
      'Windows 上序列埠名為 COM3 等；Linux 上為 /dev/ttyUSB0 或 /dev/ttyACM0（使用者需在 dialout 群組）。鮑率依讀卡機說明選擇 9600 或 115200。',
    en: 'Ports are named COM3 and so on on Windows, /dev/ttyUSB0 or /dev/ttyACM0 on Linux (the user must be in the dialout group). Choose 9600 or 115200 baud as the reader manual says.',
  },
  'ui.cardReader.helpDocs': {
    'zh-CN': '详细说明见项目文档 docs/card-reader.md。',
    'zh-TW': '詳細說明見專案文件 docs/card-reader.md。',
    en: 'The full guide is in the project documentation, docs/card-reader.md.',
  },
  'ui.cardReader.badUrl': {
    'zh-CN': '请输入服务地址，例如 {{example}}',
    'zh-TW': '請輸入服務位址，例如 {{example}}',
    en: 'Enter the helper address, e.g. {{example}}',
  },
  'ui.cardReader.helperUrl': { 'zh-CN': '读卡器服务地址', 'zh-TW': '讀卡機服務位址', en: 'Helper address' },
});
