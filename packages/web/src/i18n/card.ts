import { defineMessages } from '@gatehouse/contracts';

/** The shared download (door-unit assignment) dialog of cards and faces. */
export const doorAssignUi = defineMessages({
  'ui.door.gates': { 'zh-CN': '门口机', 'zh-TW': '門口機', en: 'Door units' },
  'ui.door.address': { 'zh-CN': '门口机地址', 'zh-TW': '門口機地址', en: 'Door unit' },
  'ui.door.validfrom': { 'zh-CN': '生效时间', 'zh-TW': '生效時間', en: 'Effective time' },
  'ui.door.validto': { 'zh-CN': '失效时间', 'zh-TW': '失效時間', en: 'Expiry time' },
  'ui.door.info': { 'zh-CN': '备注', 'zh-TW': '備註', en: 'Notes' },
  'ui.door.add': { 'zh-CN': '添加', 'zh-TW': '新增', en: 'Add' },
  'ui.door.villa': { 'zh-CN': '独栋', 'zh-TW': '獨棟', en: 'Single-family' },
  'ui.door.deleteAll': { 'zh-CN': '全部删除', 'zh-TW': '全部刪除', en: 'Delete all' },
  'ui.door.confirmDeleteAll': {
    'zh-CN': '确定删除全部已配置的门口机吗？',
    'zh-TW': '確定刪除全部已設定的門口機嗎？',
    en: 'Delete all configured door units?',
  },
  'ui.door.chooseGates': { 'zh-CN': '请选择门口机', 'zh-TW': '請選擇門口機', en: 'Door units must be selected' },
  'ui.door.chooseValidfrom': { 'zh-CN': '请选择生效时间', 'zh-TW': '請選擇生效時間', en: 'Please choose the effective time' },
  'ui.door.chooseValidto': { 'zh-CN': '请选择失效时间', 'zh-TW': '請選擇失效時間', en: 'Please choose the expiry time' },
});

/** The shared lift (ladder) configuration dialog of cards and faces. */
export const ladderUi = defineMessages({
  'ui.ladder.title': { 'zh-CN': '梯控配置', 'zh-TW': '梯控設定', en: 'Lift configuration' },
  'ui.ladder.gates': { 'zh-CN': '门口机', 'zh-TW': '門口機', en: 'Door units' },
  'ui.ladder.resiLevel': { 'zh-CN': '住户楼层', 'zh-TW': '住戶樓層', en: 'Resident floor' },
  'ui.ladder.bank': { 'zh-CN': '电梯组', 'zh-TW': '電梯組', en: 'Lift group' },
  'ui.ladder.node': { 'zh-CN': '电梯号', 'zh-TW': '電梯號', en: 'Lift number' },
  'ui.ladder.gateType': { 'zh-CN': '门类型', 'zh-TW': '門類型', en: 'Door type' },
  'ui.ladder.gateType.0': { 'zh-CN': '前门', 'zh-TW': '前門', en: 'Front' },
  'ui.ladder.gateType.1': { 'zh-CN': '后门', 'zh-TW': '後門', en: 'Back' },
  'ui.ladder.gateType.2': { 'zh-CN': '前后门', 'zh-TW': '前後門', en: 'Front and back' },
  'ui.ladder.isadmin': { 'zh-CN': '管理员卡', 'zh-TW': '管理員卡', en: 'Administrator' },
  'ui.ladder.isVilla': { 'zh-CN': '禁用', 'zh-TW': '停用', en: 'Disabled' },
  'ui.ladder.front': { 'zh-CN': '前门开放楼层', 'zh-TW': '前門開放樓層', en: 'Front-unlock floors' },
  'ui.ladder.back': { 'zh-CN': '后门开放楼层', 'zh-TW': '後門開放樓層', en: 'Back-unlock floors' },
  'ui.ladder.floor': { 'zh-CN': '{{floor}}层', 'zh-TW': '{{floor}}樓', en: 'Floor {{floor}}' },
  'ui.ladder.all': { 'zh-CN': '全部', 'zh-TW': '全部', en: 'All' },
  'ui.ladder.none': { 'zh-CN': '无', 'zh-TW': '無', en: 'None' },
  'ui.ladder.configured': { 'zh-CN': '已配置', 'zh-TW': '已設定', en: 'Configured' },
  'ui.ladder.clear': { 'zh-CN': '清空本门口机', 'zh-TW': '清空本門口機', en: 'Clear this door unit' },
  'ui.ladder.noGates': { 'zh-CN': '本社区没有门口机', 'zh-TW': '本社區沒有門口機', en: 'This community has no door units' },
});

/** Gate and lift card lists, the card dialogs and the door-unit card list. */
export const cardUi = defineMessages({
  'ui.card.cardid': { 'zh-CN': '卡号', 'zh-TW': '卡號', en: 'Card number' },
  'ui.card.account': { 'zh-CN': '账号', 'zh-TW': '帳號', en: 'Account' },
  'ui.card.username': { 'zh-CN': '姓名', 'zh-TW': '姓名', en: 'Name' },
  'ui.card.community': { 'zh-CN': '社区', 'zh-TW': '社區', en: 'Community' },
  'ui.card.household': { 'zh-CN': '住户地址', 'zh-TW': '住戶地址', en: 'Household address' },
  'ui.card.type': { 'zh-CN': '卡类型', 'zh-TW': '卡類型', en: 'Card type' },
  'ui.card.mode': { 'zh-CN': '卡模式', 'zh-TW': '卡模式', en: 'Card mode' },
  'ui.card.status': { 'zh-CN': '卡状态', 'zh-TW': '卡狀態', en: 'Card status' },
  'ui.card.gateCount': { 'zh-CN': '已配置门口机', 'zh-TW': '已設定門口機', en: 'Door units' },
  'ui.card.issuedFrom': { 'zh-CN': '开始日期', 'zh-TW': '開始日期', en: 'Issued from' },
  'ui.card.issuedTo': { 'zh-CN': '结束日期', 'zh-TW': '結束日期', en: 'Issued until' },
  'ui.card.validfrom': { 'zh-CN': '生效时间', 'zh-TW': '生效時間', en: 'Effective time' },
  'ui.card.validto': { 'zh-CN': '失效时间', 'zh-TW': '失效時間', en: 'Expiry time' },
  'ui.card.info': { 'zh-CN': '备注', 'zh-TW': '備註', en: 'Notes' },
  'ui.card.add': { 'zh-CN': '新增卡', 'zh-TW': '新增卡', en: 'Add card' },
  'ui.card.edit': { 'zh-CN': '编辑卡', 'zh-TW': '編輯卡', en: 'Edit card' },
  'ui.card.set': { 'zh-CN': '设置', 'zh-TW': '設定', en: 'Set' },
  'ui.card.download': { 'zh-CN': '下载到门口机', 'zh-TW': '下載到門口機', en: 'Download to door units' },
  'ui.card.ladderTitle': {
    'zh-CN': '梯控配置：卡{{cardid}}',
    'zh-TW': '梯控設定：卡{{cardid}}',
    en: 'Lift configuration: card {{cardid}}',
  },
  'ui.card.confirmDelete': {
    'zh-CN': '确定删除选中的门禁卡吗？',
    'zh-TW': '確定刪除選中的門禁卡嗎？',
    en: 'Delete the selected entrance card?',
  },
  'ui.card.confirmDeleteAll': {
    'zh-CN': '确定删除当前门禁卡的全部配置吗？',
    'zh-TW': '確定刪除目前門禁卡的全部設定嗎？',
    en: 'Delete all configurations of the current entrance card?',
  },
  'ui.card.villaNoEdit': {
    'zh-CN': '独栋门口机的卡不能编辑',
    'zh-TW': '獨棟門口機的卡不能編輯',
    en: 'Cards of a single-family door unit cannot be edited',
  },
  'ui.card.searchHousehold': { 'zh-CN': '输入地址搜索住户', 'zh-TW': '輸入地址搜尋住戶', en: 'Type an address to search' },
  'ui.card.accountHint': {
    'zh-CN': '选择住户的账号，或输入手机号',
    'zh-TW': '選擇住戶的帳號，或輸入手機號碼',
    en: "Choose one of the household's accounts, or type a mobile number",
  },
  'ui.card.import': { 'zh-CN': '导入卡：{{name}}', 'zh-TW': '匯入卡：{{name}}', en: 'Import cards: {{name}}' },
  'ui.card.importCommunity': { 'zh-CN': '导入到社区', 'zh-TW': '匯入到社區', en: 'Import into community' },
  'ui.card.template': { 'zh-CN': '卡导入模板', 'zh-TW': '卡匯入範本', en: 'Card import template' },
  'ui.card.resend': { 'zh-CN': '重新下发', 'zh-TW': '重新下發', en: 'Resend' },
  'ui.card.confirmResend': { 'zh-CN': '确定重新下发吗？', 'zh-TW': '確定重新下發嗎？', en: 'Resend to the door unit?' },
  'ui.card.editEntry': { 'zh-CN': '编辑有效期', 'zh-TW': '編輯有效期', en: 'Edit validity' },
  'ui.card.doorUnitCards': { 'zh-CN': '门口机卡列表', 'zh-TW': '門口機卡列表', en: 'Door unit cards' },
  'ui.card.villaNoDelete': {
    'zh-CN': '独栋门口机的配置不能删除',
    'zh-TW': '獨棟門口機的設定不能刪除',
    en: 'A single-family door unit configuration cannot be deleted',
  },
});
