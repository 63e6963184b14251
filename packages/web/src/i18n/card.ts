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
