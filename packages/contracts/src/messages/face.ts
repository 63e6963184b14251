import { defineMessages } from './define.ts';

/** Faces (001 §2 "Face management", §5 face rules, §8 user messages). */
export const faceMessages = defineMessages({
  'f.face.photo': { 'zh-CN': '人脸照片', 'zh-TW': '人臉照片', en: 'face photo' },
  'f.face.status': { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'status' },
  'f.face.household': { 'zh-CN': '住户', 'zh-TW': '住戶', en: 'household' },
  'f.face.gate': { 'zh-CN': '门口机', 'zh-TW': '門口機', en: 'door unit' },
  'f.face.validfrom': { 'zh-CN': '生效时间', 'zh-TW': '生效時間', en: 'effective time' },
  'f.face.validto': { 'zh-CN': '失效时间', 'zh-TW': '失效時間', en: 'expiry time' },
  'f.face.info': { 'zh-CN': '备注', 'zh-TW': '備註', en: 'notes' },
  'f.face.source': { 'zh-CN': '照片来源', 'zh-TW': '照片來源', en: 'photo source' },
  'face.status.enable': { 'zh-CN': '有效', 'zh-TW': '有效', en: 'Valid' },
  'face.status.disable': { 'zh-CN': '无效', 'zh-TW': '無效', en: 'Invalid' },
  'face.infoRequired': { 'zh-CN': '请填写人脸信息', 'zh-TW': '請填寫人臉資訊', en: 'Face information is required' },
  'face.photoMissing': { 'zh-CN': '缺少人脸照片', 'zh-TW': '缺少人臉照片', en: 'The face photo is missing' },
  'face.notJpeg': { 'zh-CN': '图片只能是JPG格式', 'zh-TW': '圖片只能是JPG格式', en: 'The image must be a JPEG' },
  'face.tooLarge': { 'zh-CN': '图片大小不能超过1MB', 'zh-TW': '圖片大小不能超過1MB', en: 'The image cannot exceed 1MB' },
  'face.unreadable': { 'zh-CN': '无法读取该图片', 'zh-TW': '無法讀取該圖片', en: 'The image cannot be read' },
  'face.noFace': { 'zh-CN': '照片中未检测到人脸', 'zh-TW': '照片中未偵測到人臉', en: 'No face found in the photo' },
  'face.manyFaces': { 'zh-CN': '照片中有多于一张人脸', 'zh-TW': '照片中有多於一張人臉', en: 'There is more than one face in the photo' },
  'face.cameraUnavailable': { 'zh-CN': '摄像头不可用', 'zh-TW': '攝影機無法使用', en: 'The camera is unavailable' },
  'face.householdNotInCommunity': {
    'zh-CN': '所选住户不属于该社区',
    'zh-TW': '所選住戶不屬於該社區',
    en: 'The household does not belong to the community',
  },
  'face.notHousehold': { 'zh-CN': '请选择住户地址', 'zh-TW': '請選擇住戶地址', en: 'Please choose a household address' },
  'face.gateNotInCommunity': {
    'zh-CN': '门口机“{{address}}”不属于该人脸的社区',
    'zh-TW': '門口機「{{address}}」不屬於該人臉的社區',
    en: 'The door unit "{{address}}" is not in the face\'s community',
  },
  'face.disabledNoSend': {
    'zh-CN': '该人脸已无效，不会下发到门口机',
    'zh-TW': '該人臉已無效，不會下發到門口機',
    en: 'The face is invalid and is not sent to door units',
  },
  'face.gateNoFace': {
    'zh-CN': '门口机“{{address}}”不支持人脸',
    'zh-TW': '門口機「{{address}}」不支援人臉',
    en: 'The door unit "{{address}}" does not support faces',
  },
  'face.gateTwice': {
    'zh-CN': '门口机“{{address}}”重复',
    'zh-TW': '門口機「{{address}}」重複',
    en: 'The door unit "{{address}}" is listed twice',
  },
  'dep.faces': { 'zh-CN': '{{count}}个人脸', 'zh-TW': '{{count}}個人臉', en: '{{count}} face(s)' },
  'op.face.add': {
    'zh-CN': '新增人脸：{{account}}（{{address}}）',
    'zh-TW': '新增人臉：{{account}}（{{address}}）',
    en: 'Added face: {{account}} ({{address}})',
  },
  'op.face.edit': {
    'zh-CN': '编辑人脸：{{account}}（{{address}}）',
    'zh-TW': '編輯人臉：{{account}}（{{address}}）',
    en: 'Edited face: {{account}} ({{address}})',
  },
  'op.face.delete': {
    'zh-CN': '删除人脸：{{account}}（{{address}}）',
    'zh-TW': '刪除人臉：{{account}}（{{address}}）',
    en: 'Deleted face: {{account}} ({{address}})',
  },
  'op.face.assign': {
    'zh-CN': '配置人脸门口机：{{account}}，{{count}}台',
    'zh-TW': '設定人臉門口機：{{account}}，{{count}}台',
    en: 'Configured door units of face {{account}}: {{count}}',
  },
  'op.face.gateEdit': {
    'zh-CN': '编辑门口机人脸：{{account}}（{{gate}}）',
    'zh-TW': '編輯門口機人臉：{{account}}（{{gate}}）',
    en: 'Edited door-unit face: {{account}} ({{gate}})',
  },
  'op.face.gateDelete': {
    'zh-CN': '删除门口机人脸：{{account}}（{{gate}}）',
    'zh-TW': '刪除門口機人臉：{{account}}（{{gate}}）',
    en: 'Deleted door-unit face: {{account}} ({{gate}})',
  },
  'op.face.redownload': {
    'zh-CN': '重新下发人脸：{{account}}（{{gate}}）',
    'zh-TW': '重新下發人臉：{{account}}（{{gate}}）',
    en: 'Resent face: {{account}} ({{gate}})',
  },
});
