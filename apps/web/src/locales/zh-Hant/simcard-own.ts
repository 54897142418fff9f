/** The buyer's own cards: names, "Refresh now", validity in two zones (issue 27). */
const simcardOwn = {
  refresh: '立即重新整理',
  refreshing: '讀取中…',
  refreshed: '用量已更新',
  nameTitle: '為這張卡命名',
  rename: '重新命名',
  namePlaceholder: '例如：媽媽的手機',
  save: '儲存',
  cancel: '取消',
  saved: '名稱已儲存',
  tooLong: '最多 {{max}} 個字元',
  endsHere: '到期（您的時間）',
  endsThere: '到期（目的地時間）',
  startedAt: '開始（啟用）',
  stackExtends: '加值會立即把流量加到這張卡上，並從目前的到期時間（{{end}}）起延長效期，不會排隊等待。',
  stackNotStarted: '加值會立即把流量加到這張卡上；其天數會在效期開始時一併計入。',
  rule: {
    purchase: '{{count}} 天，自購買起計算',
    install: '{{count}} 天，自安裝 eSIM 起計算',
    first_attach: '{{count}} 天，自在目的地首次連網起計算',
  },
};

export default simcardOwn;
