/** The offline page's texts (offline.html: English as written) in the language last chosen in the app, and its retry button. */
(() => {
  document.getElementById('retry').addEventListener('click', () => location.reload());
  var TEXTS = {
    'zh-CN': {
      title: '网络已断开',
      text: '网络已断开 — Gatehouse 需要联网才能显示门禁设备、卡片和通行记录的最新状态。请检查网络后重试。',
      retry: '重试',
      page: '离线 - Gatehouse',
    },
    'zh-TW': {
      title: '網路已中斷',
      text: '網路已中斷 — Gatehouse 需要連網才能顯示門禁設備、卡片和通行紀錄的最新狀態。請檢查網路後重試。',
      retry: '重試',
      page: '離線 - Gatehouse',
    },
  };
  var stored = { china1: 'zh-CN', china2: 'zh-TW', english: 'en' }[localStorage.getItem('gh_lang') || ''];
  var nav = (navigator.language || '').toLowerCase();
  var lang = stored || (/^zh-(tw|hk|mo|hant)/.test(nav) ? 'zh-TW' : /^zh/.test(nav) ? 'zh-CN' : 'en');
  var t = TEXTS[lang];
  if (!t) return;
  document.documentElement.lang = lang;
  document.title = t.page;
  document.getElementById('title').textContent = t.title;
  document.getElementById('text').textContent = t.text;
  document.getElementById('retry').textContent = t.retry;
})();
