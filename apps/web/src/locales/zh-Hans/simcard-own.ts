/** The buyer's own cards: names, "Refresh now", validity in two zones (issue 27). */
const simcardOwn = {
  refresh: '立即刷新',
  refreshing: '读取中…',
  refreshed: '用量已更新',
  nameTitle: '为这张卡命名',
  rename: '重命名',
  namePlaceholder: '例如：妈妈的手机',
  save: '保存',
  cancel: '取消',
  saved: '名称已保存',
  tooLong: '最多 {{max}} 个字符',
  endsHere: '到期（您的时间）',
  endsThere: '到期（目的地时间）',
  startedAt: '开始（激活）',
  stackExtends: '加值会立即把流量加到这张卡上，并从目前的到期时间（{{end}}）起延长有效期，不会排队等待。',
  stackNotStarted: '加值会立即把流量加到这张卡上；其天数会在有效期开始时一并计入。',
  rule: {
    purchase: '{{count}} 天，自购买起计算',
    install: '{{count}} 天，自安装 eSIM 起计算',
    first_attach: '{{count}} 天，自在目的地首次连网起计算',
  },
};

export default simcardOwn;
