import { defineMessages } from '@gatehouse/contracts';

/** Project configuration, enterprise list, covers. */
export const communityUi = defineMessages({
  'ui.comm.name': { 'zh-CN': '名称', 'zh-TW': '名稱', en: 'Name' },
  'ui.comm.communityName': { 'zh-CN': '社区名称', 'zh-TW': '社區名稱', en: 'Community name' },
  'ui.comm.region': { 'zh-CN': '省/市/区', 'zh-TW': '省/市/區', en: 'Province/city/district' },
  'ui.comm.address': { 'zh-CN': '详细地址', 'zh-TW': '詳細地址', en: 'Detailed address' },
  'ui.comm.engineers': { 'zh-CN': '工程人员', 'zh-TW': '工程人員', en: 'Engineers' },
  'ui.comm.ip': { 'zh-CN': '服务器地址', 'zh-TW': '伺服器位址', en: 'Server address' },
  'ui.comm.type': { 'zh-CN': '类型', 'zh-TW': '類型', en: 'Type' },
  'ui.comm.regNo': { 'zh-CN': '注册号', 'zh-TW': '註冊號', en: 'Registration number' },
  'ui.comm.deviceNum': { 'zh-CN': '设备数', 'zh-TW': '設備數', en: 'Devices' },
  'ui.comm.addressNum': { 'zh-CN': '地址数', 'zh-TW': '地址數', en: 'Addresses' },
  'ui.comm.add': { 'zh-CN': '新增项目', 'zh-TW': '新增專案', en: 'Add project' },
  'ui.comm.edit': { 'zh-CN': '编辑项目', 'zh-TW': '編輯專案', en: 'Edit project' },
  'ui.comm.set': { 'zh-CN': '设置', 'zh-TW': '設定', en: 'Set' },
  'ui.comm.enclosure': { 'zh-CN': '附件', 'zh-TW': '附件', en: 'Enclosure' },
  'ui.comm.cover': { 'zh-CN': '封面', 'zh-TW': '封面', en: 'Cover' },
  'ui.comm.covers': { 'zh-CN': '封面图片：{{name}}', 'zh-TW': '封面圖片：{{name}}', en: 'Cover pictures: {{name}}' },
  'ui.comm.coverHint': {
    'zh-CN': '仅限JPG格式，每张小于1MB，最多3张',
    'zh-TW': '僅限JPG格式，每張小於1MB，最多3張',
    en: 'JPG only, under 1 MB each, at most 3',
  },
  'ui.comm.coverDelete': { 'zh-CN': '删除这张封面吗？', 'zh-TW': '刪除這張封面嗎？', en: 'Delete this cover?' },
  'ui.comm.deleteOne': {
    'zh-CN': '确定删除“{{name}}”吗？它的{{count}}个地址也会一起删除。',
    'zh-TW': '確定刪除「{{name}}」嗎？它的{{count}}個地址也會一起刪除。',
    en: 'Delete "{{name}}"? Its {{count}} address(es) will be deleted too.',
  },
  'ui.comm.deleteMany': {
    'zh-CN': '确定删除选中的{{count}}项吗？它们的{{addresses}}个地址也会一起删除。',
    'zh-TW': '確定刪除選中的{{count}}項嗎？它們的{{addresses}}個地址也會一起刪除。',
    en: 'Delete the {{count}} selected entries? Their {{addresses}} address(es) will be deleted too.',
  },
  'ui.comm.regionPlaceholder': { 'zh-CN': '请选择省/市/区', 'zh-TW': '請選擇省/市/區', en: 'Choose province/city/district' },
  'ui.comm.regionNote': {
    'zh-CN': '行政区划数据为简体中文',
    'zh-TW': '行政區劃資料為簡體中文',
    en: 'Division names are in simplified Chinese',
  },
  'ui.ent.name': { 'zh-CN': '企业名称', 'zh-TW': '企業名稱', en: 'Enterprise name' },
  'ui.ent.phone': { 'zh-CN': '注册号', 'zh-TW': '註冊號', en: 'Registration number' },
  'ui.ent.edit': { 'zh-CN': '编辑企业', 'zh-TW': '編輯企業', en: 'Edit enterprise' },
});
