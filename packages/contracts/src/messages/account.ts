import { defineMessages } from './define.ts';

/** Accounts, menu permissions, account import and migration (000 §2, §4, §5, §6). */
export const accountMessages = defineMessages({
  'f.areacode': { 'zh-CN': '区号', 'zh-TW': '區號', en: 'area code' },
  'f.communityList': { 'zh-CN': '管理社区', 'zh-TW': '管理社區', en: 'communities' },
  'f.facelimit': { 'zh-CN': '人脸数量上限', 'zh-TW': '人臉數量上限', en: 'face limit' },
  'f.residentlimit': { 'zh-CN': '住户数量上限', 'zh-TW': '住戶數量上限', en: 'resident limit' },
  'f.state': { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'status' },
  'f.menus': { 'zh-CN': '菜单', 'zh-TW': '選單', en: 'menus' },
  'account.state.0': { 'zh-CN': '未激活', 'zh-TW': '未啟用', en: 'Inactive' },
  'account.state.1': { 'zh-CN': '正常', 'zh-TW': '正常', en: 'Normal' },
  'account.state.2': { 'zh-CN': '禁用', 'zh-TW': '停用', en: 'Disabled' },
  'account.regNoTaken': {
    'zh-CN': '手机号{{regNo}}已存在该角色的账号',
    'zh-TW': '手機號碼{{regNo}}已存在該角色的帳號',
    en: 'The phone number {{regNo}} already has an account of this role',
  },
  'account.limitRange': {
    'zh-CN': '{{field}}须在0到{{max}}之间',
    'zh-TW': '{{field}}須在0到{{max}}之間',
    en: '{{field}} must be between 0 and {{max}}',
  },
  'account.addressNotInCommunity': {
    'zh-CN': '所选地址不属于该社区的住户地址',
    'zh-TW': '所選地址不屬於該社區的住戶地址',
    en: 'The address is not a householder address of the chosen community',
  },
  'account.addressUnknown': {
    'zh-CN': '社区中没有地址“{{address}}”',
    'zh-TW': '社區中沒有地址「{{address}}」',
    en: 'The community has no address "{{address}}"',
  },
  'account.communityUnknown': { 'zh-CN': '社区不存在', 'zh-TW': '社區不存在', en: 'The community does not exist' },
  'account.roleRefused': {
    'zh-CN': '您不能管理该角色的账号',
    'zh-TW': '您不能管理該角色的帳號',
    en: 'You may not manage accounts of this role',
  },
  'account.notEditable': {
    'zh-CN': '门口机和其他角色的账号不能编辑',
    'zh-TW': '門口機和其他角色的帳號不能編輯',
    en: 'Door-unit and other accounts cannot be edited',
  },
  'account.self': {
    'zh-CN': '不能在此修改或删除自己的账号',
    'zh-TW': '不能在此修改或刪除自己的帳號',
    en: 'You cannot change or delete your own account here',
  },
  'account.engineerAssigned': {
    'zh-CN': '{{name}}是项目的工程人员，请先在项目中移除',
    'zh-TW': '{{name}}是專案的工程人員，請先在專案中移除',
    en: '{{name}} is an engineer of a project; remove them from the project first',
  },
  'account.duplicateInFile': {
    'zh-CN': '手机号{{regNo}}在文件中重复（同一角色）',
    'zh-TW': '手機號碼{{regNo}}在檔案中重複（同一角色）',
    en: 'The phone number {{regNo}} appears more than once in the file for this role',
  },
  'account.importTitle': { 'zh-CN': '账号导入', 'zh-TW': '帳號匯入', en: 'Account import' },
  'account.sheet': { 'zh-CN': '账号', 'zh-TW': '帳號', en: 'Accounts' },
  'col.acc.areacode': { 'zh-CN': '区号', 'zh-TW': '區號', en: 'Area code' },
  'col.acc.regNo': { 'zh-CN': '手机号', 'zh-TW': '手機號碼', en: 'Phone number' },
  'col.acc.name': { 'zh-CN': '姓名', 'zh-TW': '姓名', en: 'Name' },
  'col.acc.password': { 'zh-CN': '密码', 'zh-TW': '密碼', en: 'Password' },
  'col.acc.role': { 'zh-CN': '角色', 'zh-TW': '角色', en: 'Role' },
  'col.acc.address': { 'zh-CN': '住户地址', 'zh-TW': '住戶地址', en: 'Householder address' },
  'col.acc.facelimit': { 'zh-CN': '人脸数量上限', 'zh-TW': '人臉數量上限', en: 'Face limit' },
  'col.acc.residentlimit': { 'zh-CN': '住户数量上限', 'zh-TW': '住戶數量上限', en: 'Resident limit' },
  'perm.notHeld': {
    'zh-CN': '不能授予您自己没有的菜单',
    'zh-TW': '不能授予您自己沒有的選單',
    en: 'You cannot grant a menu you do not hold',
  },
  'perm.adminAll': { 'zh-CN': '管理员拥有全部菜单', 'zh-TW': '管理員擁有全部選單', en: 'Administrators hold every menu' },
  'perm.roleNoMenus': {
    'zh-CN': '该角色的账号没有菜单权限',
    'zh-TW': '該角色的帳號沒有選單權限',
    en: 'Accounts of this role have no menu permissions',
  },
  'perm.roleMismatch': {
    'zh-CN': '菜单“{{menu}}”不能授予角色“{{role}}”',
    'zh-TW': '選單「{{menu}}」不能授予角色「{{role}}」',
    en: 'The menu "{{menu}}" cannot be granted to the role {{role}}',
  },
  'migrate.onlyEnterprise': {
    'zh-CN': '只有企业账号可以迁移',
    'zh-TW': '只有企業帳號可以遷移',
    en: 'Only enterprise accounts can be migrated',
  },
  'migrate.adminPhone': {
    'zh-CN': '新账号不能是已有的管理员账号',
    'zh-TW': '新帳號不能是已有的管理員帳號',
    en: 'The new account cannot be an existing administrator account',
  },
  'migrate.taken': {
    'zh-CN': '该手机号已有企业账号',
    'zh-TW': '該手機號碼已有企業帳號',
    en: 'This phone number already has an enterprise account',
  },
  'migrate.same': {
    'zh-CN': '新账号不能与当前账号相同',
    'zh-TW': '新帳號不能與目前帳號相同',
    en: 'The new account is the same as the current one',
  },
  'migrate.done': {
    'zh-CN': '账号迁移成功，请使用新账号登录',
    'zh-TW': '帳號遷移成功，請使用新帳號登入',
    en: 'Account migrated, please sign in with the new account',
  },
  'op.account.create': {
    'zh-CN': '新增账号：{{regNo}} {{name}}',
    'zh-TW': '新增帳號：{{regNo}} {{name}}',
    en: 'Added account {{regNo}} {{name}}',
  },
  'op.account.update': {
    'zh-CN': '修改账号：{{regNo}} {{name}}',
    'zh-TW': '修改帳號：{{regNo}} {{name}}',
    en: 'Edited account {{regNo}} {{name}}',
  },
  'op.account.delete': { 'zh-CN': '删除账号：{{regNos}}', 'zh-TW': '刪除帳號：{{regNos}}', en: 'Deleted accounts {{regNos}}' },
  'op.account.menus': {
    'zh-CN': '修改菜单权限：{{regNo}} {{name}}',
    'zh-TW': '修改選單權限：{{regNo}} {{name}}',
    en: 'Changed the menus of {{regNo}} {{name}}',
  },
  'op.account.migrate': {
    'zh-CN': '账号迁移：{{from}} → {{to}}',
    'zh-TW': '帳號遷移：{{from}} → {{to}}',
    en: 'Migrated the enterprise account {{from}} to {{to}}',
  },
});
