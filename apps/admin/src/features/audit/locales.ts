import { defineLocales } from '@/i18n/defineLocales';

export default defineLocales({
  en: {
    clean: {"button": "Clean up", "title": "Clean up {{log}}", "days": "Delete entries older than", "daysUnit": "days", "confirm": "Delete every entry of {{log}} older than {{n}} days? This cannot be undone.", "retention": "Retention", "retentionTitle": "Retention of {{log}}", "keepDays": "Keep entries for", "retentionHint": "Entries older than this are deleted once a day. 0 keeps them for ever.", "forever": "For ever", "current": "Current retention: {{v}}", "saved": "Saved", "cleaned": "{{n}} entries deleted"},
    action: { kick: 'Force logout', batchKick: 'Force logout selected', export: 'Export CSV', detail: 'Detail', close: 'Close' },
    file: { loginLog: 'Login log', operationLog: 'Operation log', errorLog: 'Client errors', online: 'Online users' },
    field: {
      userId: 'Account', userName: 'User name', ip: 'IP', loginAt: 'Login time', lastSeenAt: 'Last activity', browser: 'Browser', os: 'Operating system',
      keyword: 'Keyword', module: 'Module', operation: 'Operation', target: 'Target', method: 'Method', path: 'Path', result: 'Result', status: 'HTTP status',
      durationMs: 'Duration', createdAt: 'Time', timeRange: 'Time range', params: 'Parameters', userAgent: 'User agent', outcome: 'Outcome', reason: 'Reason',
      id: 'ID', session: 'Session', current: 'This session',
    },
    result: { success: 'Success', failure: 'Failure' },
    msg: {
      confirmKick: 'Force {{name}} to log out? The session ends at once and the user must log in again.',
      confirmBatchKick: 'Force the {{n}} selected sessions to log out?',
      selectFirst: 'Please select a record', kicked: 'Forced out', noParams: 'No parameters', exported: 'Export started', ms: '{{n}} ms',
    },
    reason: {
      ok: 'Signed in', okMustChange: 'Signed in; the password must be changed', unknownAccount: 'No such account', locked: 'Account locked',
      wrongPasswordLocked: 'Wrong password; locked after {{n}} failures', wrongPassword: 'Wrong password (failure {{n}})',
      ipForbidden: 'Login from IP {{ip}} is not allowed', passwordExpired: 'Password expired and the grace time is over',
    },
    hint: { redacted: 'Passwords, tokens and keys are shown as ***.' },
  },
  zh: {
    clean: {"button": "清理", "title": "清理{{log}}", "days": "删除多少天以前的记录", "daysUnit": "天", "confirm": "确定删除 {{n}} 天以前的全部{{log}}吗？删除后无法恢复。", "retention": "保留设置", "retentionTitle": "{{log}}保留设置", "keepDays": "保留天数", "retentionHint": "超过保留天数的记录每天自动删除一次；填 0 表示永久保留。", "forever": "永久", "current": "当前保留：{{v}}", "saved": "保存成功", "cleaned": "已删除 {{n}} 条记录"},
    action: { kick: '强制下线', batchKick: '批量强制下线', export: '导出 CSV', detail: '详情', close: '关闭' },
    file: { loginLog: '登录日志', operationLog: '操作日志', errorLog: '前端错误日志', online: '在线用户' },
    field: {
      userId: '账号', userName: '用户名', ip: 'IP 地址', loginAt: '登录时间', lastSeenAt: '最后活动时间', browser: '浏览器', os: '操作系统',
      keyword: '关键字', module: '模块', operation: '操作', target: '操作对象', method: '请求方式', path: '请求路径', result: '结果', status: 'HTTP 状态码',
      durationMs: '耗时', createdAt: '时间', timeRange: '时间范围', params: '请求参数', userAgent: '客户端标识', outcome: '结果', reason: '原因',
      id: '编号', session: '会话', current: '当前会话',
    },
    result: { success: '成功', failure: '失败' },
    msg: {
      confirmKick: '确定将「{{name}}」强制下线吗？该会话将立即失效，用户需要重新登录。',
      confirmBatchKick: '确定将选中的 {{n}} 个会话强制下线吗？',
      selectFirst: '请选择一条记录', kicked: '已强制下线', noParams: '无参数', exported: '已开始导出', ms: '{{n}} 毫秒',
    },
    reason: {
      ok: '登录成功', okMustChange: '登录成功，需修改密码', unknownAccount: '账号不存在', locked: '账号已锁定',
      wrongPasswordLocked: '密码错误，连续失败 {{n}} 次，账号已锁定', wrongPassword: '密码错误（连续第 {{n}} 次）',
      ipForbidden: '不允许从 IP {{ip}} 登录', passwordExpired: '密码已过期且超过宽限期',
    },
    hint: { redacted: '密码、令牌、密钥等敏感信息以 *** 显示。' },
  },
  es: {
    clean: {"button": "Limpiar", "title": "Limpiar {{log}}", "days": "Eliminar entradas de hace más de", "daysUnit": "días", "confirm": "¿Eliminar todas las entradas de {{log}} de hace más de {{n}} días? No se puede deshacer.", "retention": "Conservación", "retentionTitle": "Conservación de {{log}}", "keepDays": "Conservar entradas durante", "retentionHint": "Las entradas más antiguas se eliminan una vez al día. 0 las conserva para siempre.", "forever": "Para siempre", "current": "Conservación actual: {{v}}", "saved": "Guardado", "cleaned": "Se eliminaron {{n}} entradas"},
    action: { kick: 'Forzar cierre', batchKick: 'Forzar cierre de la selección', export: 'Exportar CSV', detail: 'Detalle', close: 'Cerrar' },
    file: { loginLog: 'Registro de accesos', operationLog: 'Registro de operaciones', errorLog: 'Errores del cliente', online: 'Usuarios en línea' },
    field: {
      userId: 'Cuenta', userName: 'Nombre de usuario', ip: 'IP', loginAt: 'Inicio de sesión', lastSeenAt: 'Última actividad', browser: 'Navegador', os: 'Sistema operativo',
      keyword: 'Palabra clave', module: 'Módulo', operation: 'Operación', target: 'Objeto', method: 'Método', path: 'Ruta', result: 'Resultado', status: 'Estado HTTP',
      durationMs: 'Duración', createdAt: 'Hora', timeRange: 'Intervalo', params: 'Parámetros', userAgent: 'Agente de usuario', outcome: 'Resultado', reason: 'Motivo',
      id: 'ID', session: 'Sesión', current: 'Esta sesión',
    },
    result: { success: 'Correcto', failure: 'Fallido' },
    msg: {
      confirmKick: '¿Forzar el cierre de sesión de {{name}}? La sesión termina de inmediato y el usuario deberá iniciar sesión de nuevo.',
      confirmBatchKick: '¿Forzar el cierre de las {{n}} sesiones seleccionadas?',
      selectFirst: 'Seleccione un registro', kicked: 'Sesión cerrada a la fuerza', noParams: 'Sin parámetros', exported: 'Exportación iniciada', ms: '{{n}} ms',
    },
    reason: {
      ok: 'Sesión iniciada', okMustChange: 'Sesión iniciada; debe cambiar la contraseña', unknownAccount: 'La cuenta no existe', locked: 'Cuenta bloqueada',
      wrongPasswordLocked: 'Contraseña incorrecta; bloqueada tras {{n}} intentos fallidos', wrongPassword: 'Contraseña incorrecta (intento fallido {{n}})',
      ipForbidden: 'No se permite iniciar sesión desde la IP {{ip}}', passwordExpired: 'La contraseña caducó y el periodo de gracia terminó',
    },
    hint: { redacted: 'Las contraseñas, tokens y claves se muestran como ***.' },
  },
  ja: {
    clean: {"button": "クリーンアップ", "title": "{{log}}のクリーンアップ", "days": "次の日数より古い記録を削除", "daysUnit": "日", "confirm": "{{n}} 日より古い{{log}}をすべて削除しますか？元に戻せません。", "retention": "保存期間", "retentionTitle": "{{log}}の保存期間", "keepDays": "保存日数", "retentionHint": "これより古い記録は毎日 1 回自動で削除されます。0 は無期限に保存します。", "forever": "無期限", "current": "現在の保存期間：{{v}}", "saved": "保存しました", "cleaned": "{{n}} 件を削除しました"},
    action: { kick: '強制ログアウト', batchKick: '選択したセッションを強制ログアウト', export: 'CSV エクスポート', detail: '詳細', close: '閉じる' },
    file: { loginLog: 'ログイン履歴', operationLog: '操作ログ', errorLog: 'クライアントエラー', online: 'オンラインユーザー' },
    field: {
      userId: 'アカウント', userName: 'ユーザー名', ip: 'IP アドレス', loginAt: 'ログイン日時', lastSeenAt: '最終操作日時', browser: 'ブラウザ', os: 'OS',
      keyword: 'キーワード', module: 'モジュール', operation: '操作', target: '対象', method: 'メソッド', path: 'パス', result: '結果', status: 'HTTP ステータス',
      durationMs: '処理時間', createdAt: '日時', timeRange: '期間', params: 'パラメータ', userAgent: 'ユーザーエージェント', outcome: '結果', reason: '理由',
      id: 'ID', session: 'セッション', current: '現在のセッション',
    },
    result: { success: '成功', failure: '失敗' },
    msg: {
      confirmKick: '「{{name}}」を強制ログアウトしますか？セッションは直ちに終了し、再ログインが必要になります。',
      confirmBatchKick: '選択した {{n}} 件のセッションを強制ログアウトしますか？',
      selectFirst: 'レコードを選択してください', kicked: '強制ログアウトしました', noParams: 'パラメータなし', exported: 'エクスポートを開始しました', ms: '{{n}} ms',
    },
    reason: {
      ok: 'ログイン成功', okMustChange: 'ログイン成功（パスワード変更が必要）', unknownAccount: 'アカウントが存在しません', locked: 'アカウントはロックされています',
      wrongPasswordLocked: 'パスワード誤り。{{n}} 回失敗したためロックしました', wrongPassword: 'パスワード誤り（{{n}} 回目）',
      ipForbidden: 'IP {{ip}} からのログインは許可されていません', passwordExpired: 'パスワードの有効期限と猶予期間が切れています',
    },
    hint: { redacted: 'パスワード、トークン、キーは *** で表示されます。' },
  },
});
