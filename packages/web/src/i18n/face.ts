import { defineMessages } from '@gatehouse/contracts';

/** Face management, the face dialogs and camera, and the door-unit face list. */
export const faceUi = defineMessages({
  'ui.face.username': { 'zh-CN': '姓名', 'zh-TW': '姓名', en: 'Name' },
  'ui.face.photoOf': { 'zh-CN': '{{name}}的照片', 'zh-TW': '{{name}}的照片', en: 'Photo of {{name}}' },
  'ui.face.account': { 'zh-CN': '手机号/账号', 'zh-TW': '手機號/帳號', en: 'Phone / account' },
  'ui.face.community': { 'zh-CN': '社区', 'zh-TW': '社區', en: 'Community' },
  'ui.face.address': { 'zh-CN': '住户地址', 'zh-TW': '住戶地址', en: 'Household address' },
  'ui.face.household': { 'zh-CN': '住户', 'zh-TW': '住戶', en: 'Household' },
  'ui.face.status': { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'Status' },
  'ui.face.status.enable': { 'zh-CN': '有效', 'zh-TW': '有效', en: 'Valid' },
  'ui.face.status.disable': { 'zh-CN': '无效', 'zh-TW': '無效', en: 'Invalid' },
  'ui.face.photo': { 'zh-CN': '人脸照片', 'zh-TW': '人臉照片', en: 'Face photo' },
  'ui.face.add': { 'zh-CN': '新增人脸', 'zh-TW': '新增人臉', en: 'Add face' },
  'ui.face.editTitle': { 'zh-CN': '编辑人脸', 'zh-TW': '編輯人臉', en: 'Edit face' },
  'ui.face.setGates': { 'zh-CN': '设置门口机', 'zh-TW': '設定門口機', en: 'Set door units' },
  'ui.face.ladder': { 'zh-CN': '授权梯控', 'zh-TW': '授權梯控', en: 'Empower ladder control' },
  'ui.face.villaLocked': {
    'zh-CN': '别墅门口机的人脸不能在此编辑',
    'zh-TW': '別墅門口機的人臉不能在此編輯',
    en: 'Faces of a single-family door unit cannot be edited here',
  },
  'ui.face.chooseCommunityFirst': { 'zh-CN': '请先选择社区', 'zh-TW': '請先選擇社區', en: 'Please choose a community first' },
  'ui.face.searchHousehold': { 'zh-CN': '输入地址搜索住户', 'zh-TW': '輸入地址搜尋住戶', en: 'Type an address to search households' },
  'ui.face.accountHint': {
    'zh-CN': '选择该住户的账号，或输入手机号',
    'zh-TW': '選擇該住戶的帳號，或輸入手機號',
    en: "Choose one of the household's accounts, or type a phone number",
  },
  // camera
  'ui.face.camera': { 'zh-CN': '摄像头', 'zh-TW': '攝影機', en: 'Camera' },
  'ui.face.takePhoto': { 'zh-CN': '拍照', 'zh-TW': '拍照', en: 'Take photo' },
  'ui.face.retake': { 'zh-CN': '重新拍照', 'zh-TW': '重新拍照', en: 'Take again' },
  'ui.face.uploadJpeg': { 'zh-CN': '上传JPG照片', 'zh-TW': '上傳JPG照片', en: 'Upload a JPG photo' },
  'ui.face.checking': { 'zh-CN': '正在检测人脸…', 'zh-TW': '正在檢測人臉…', en: 'Checking the face…' },
  'ui.face.checked': { 'zh-CN': '人脸检测通过', 'zh-TW': '人臉檢測通過', en: 'Face accepted' },
  'ui.face.noPhoto': { 'zh-CN': '尚无照片', 'zh-TW': '尚無照片', en: 'No photo yet' },
  'ui.face.cameraStarting': { 'zh-CN': '正在打开摄像头…', 'zh-TW': '正在開啟攝影機…', en: 'Opening the camera…' },
  'ui.face.cameraUnavailable': {
    'zh-CN': '摄像头不可用（未连接或未被允许使用），可以上传JPG照片代替。',
    'zh-TW': '攝影機不可用（未連接或未被允許使用），可以上傳JPG照片代替。',
    en: 'The camera is unavailable (not connected or not allowed); you can upload a JPG photo instead.',
  },
  'ui.face.captureTooLarge': {
    'zh-CN': '拍摄的照片无法压缩到1MB以下',
    'zh-TW': '拍攝的照片無法壓縮到1MB以下',
    en: 'The photo could not be compressed under 1MB',
  },
  // door-unit face list
  'ui.face.validfrom': { 'zh-CN': '生效时间', 'zh-TW': '生效時間', en: 'Valid from' },
  'ui.face.validto': { 'zh-CN': '失效时间', 'zh-TW': '失效時間', en: 'Valid to' },
  'ui.face.info': { 'zh-CN': '备注', 'zh-TW': '備註', en: 'Notes' },
  'ui.face.gate': { 'zh-CN': '门口机', 'zh-TW': '門口機', en: 'Door unit' },
  'ui.face.gateFaces': { 'zh-CN': '门口机人脸', 'zh-TW': '門口機人臉', en: 'Door unit faces' },
  'ui.face.editEntry': { 'zh-CN': '编辑门口机人脸', 'zh-TW': '編輯門口機人臉', en: 'Edit door unit face' },
  'ui.face.resend': { 'zh-CN': '重新下发', 'zh-TW': '重新下發', en: 'Resend' },
  'ui.face.confirmResend': { 'zh-CN': '确定重新下发吗？', 'zh-TW': '確定重新下發嗎？', en: 'Resend to the door unit?' },
});
