import { defineLocales } from '../defineLocales';

/** The console shell's texts (namespace `shell`): login, layout, request client, shared dialogs, shell pages. */
export default defineLocales({
  en: {
    app: { title: 'Bencao Console', tagline: 'Back office of Bencao Pharmaceutical' },
    login: {
      title: 'Sign in', username: 'Account', password: 'Password', submit: 'Sign in', usernameRequired: 'Please enter your account',
      passwordRequired: 'Please enter your password', language: 'Language', keyFailed: 'Could not prepare a secure login, please try again',
      footer: 'The password is encrypted in your browser before it is sent.', showPassword: 'Show password',
    },
    nav: {
      profile: 'Profile', changePassword: 'Change password', logout: 'Log out', language: 'Language', size: 'Component size',
      sizeSmall: 'Small', sizeMiddle: 'Default', sizeLarge: 'Large', settings: 'Page settings', toggleSidebar: 'Collapse or expand the sidebar',
      home: 'Home', external: 'opens in a new window',
    },
    settings: {
      title: 'Page settings', theme: 'Theme colour', tagsView: 'Tags view', fixedHeader: 'Fixed header', sidebarLogo: 'Sidebar logo', reset: 'Restore defaults',
    },
    tags: { refresh: 'Refresh', close: 'Close', closeOthers: 'Close others', closeAll: 'Close all', label: 'Open pages' },
    request: {
      systemPrompt: 'System prompt', networkProblem: 'System or network problem, please try again later', relogin: 'Log in again', cancel: 'Cancel',
      sessionInvalid: 'Session Invalidation, Login Again Please', badCredentials: 'Incorrect username or password, please re-enter',
      locked: 'Continuous input error, your account has been locked, please contact the administrator for recovery',
      requestError: 'Request failed, please try again later', importSql: 'Please check whether the imported SQL is reasonable',
      timeout: 'The server did not answer within 60 seconds', network: 'Cannot reach the server, please check the network',
      system: 'System error, please contact system administrator',
    },
    confirm: {
      deleteTitle: 'Confirm delete', deleteContent: 'Confirm delete?', deleteSelected: 'Are you sure to delete the {{count}} selected records?',
      deleted: 'Deleted successfully', deleteFailed: 'Delete failed', warningTitle: 'Warning', defaultContent: 'Are you sure to execute this operation?',
      selectFirst: 'Please select a record', notSelected: 'You have not selected data', ok: 'OK', cancel: 'Cancel', done: 'Operation succeeded',
    },
    table: { total: '{{total}} in total', search: 'Search', reset: 'Reset', actions: 'Actions', keyword: 'Keyword' },
    menu: {
      dashboard: 'Dashboard', documentation: 'Documentation', profile: 'Profile', security: 'Security', audit: 'Audit', organ: 'Organisation',
      common: 'Common components', bpm: 'Workflow', cform: 'Cloud forms', cportal: 'Portal', gateway: 'Service governance', cms: 'Website content',
    },
    error: {
      notFoundTitle: 'Page not found', notFound: 'The page you asked for does not exist or has moved.', forbiddenTitle: 'No access',
      forbidden: 'You do not have the authority to open this page.', unauthorizedTitle: 'Please sign in', unauthorized: 'Your session has ended. Sign in to continue.',
      backHome: 'Back to the dashboard', toLogin: 'Go to sign in', crashed: 'This page failed to display', reload: 'Reload',
    },
    fallback: { title: 'Screen not available yet', body: 'The menu entry "{{name}}" has no screen in this version of the console. The entry is kept so its permissions can already be granted.' },
    dashboard: {
      greeting: 'Hello, {{name}}', onlineSessions: 'Online sessions', todayLogins: "Today's logins", todayOperations: "Today's operations",
      week: 'Operations in the last 7 days', operations: 'operations', shortcuts: 'Your screens', empty: 'No operations recorded',
    },
    profile: {
      title: 'Profile', account: 'Account', userName: 'User name', administrator: 'Administrator', yes: 'Yes', no: 'No', superRole: 'Yes (super administrator role)', authorities: 'Authorities',
      allAuthorities: 'every authority', passwordExpires: 'Password expires', never: 'Never', changePassword: 'Change password', oldPassword: 'Current password',
      newPassword: 'New password', confirmPassword: 'Confirm new password', save: 'Save', saved: 'Password changed. Your other sessions have been signed out.',
      mismatch: 'Passwords do not match!', mustChange: 'Your password must be changed before you continue.', required: 'Please fill in this field',
    },
    documentation: {
      title: 'Using the console',
      intro: 'The sidebar lists the screens your roles allow. What you do not see, you may not do: the server checks every call again.',
      navTitle: 'Finding your way', nav: 'Open screens from the sidebar or by a link; each opens as a tab when the tags view is on (Page settings, top right). Right-click a tab to close others or refresh it.',
      tablesTitle: 'Lists and forms', tables: 'Lists search, sort and page on the server. Deleting asks for confirmation; batch actions need a selection. Forms check your input as you type and the server checks it again.',
      securityTitle: 'Sessions and security', security: 'A session ends after a period without activity or when an administrator forces it out; you are then asked to sign in again. Every change is recorded in the operation log.',
      languageTitle: 'Language and size', language: 'Switch the language and the component size in the top bar; your choice is remembered in this browser.',
    },
    errorLog: { title: 'Client error log', time: 'Time', message: 'Message', url: 'URL', user: 'Account ID', userAgent: 'Browser', stack: 'Stack', detail: 'Detail' },
  },
  zh: {
    app: { title: '本草管理控制台', tagline: '本草制药后台管理系统' },
    login: {
      title: '登录', username: '账号', password: '密码', submit: '登录', usernameRequired: '请输入账号', passwordRequired: '请输入密码', language: '语言',
      keyFailed: '无法建立安全登录，请重试', footer: '密码在浏览器中加密后才会发送。', showPassword: '显示密码',
    },
    nav: {
      profile: '个人中心', changePassword: '修改密码', logout: '退出登录', language: '语言', size: '布局大小', sizeSmall: '紧凑', sizeMiddle: '默认', sizeLarge: '宽松',
      settings: '页面设置', toggleSidebar: '收起或展开侧边栏', home: '首页', external: '在新窗口打开',
    },
    settings: { title: '页面设置', theme: '主题色', tagsView: '开启标签页', fixedHeader: '固定头部', sidebarLogo: '侧边栏 Logo', reset: '恢复默认' },
    tags: { refresh: '刷新', close: '关闭', closeOthers: '关闭其他', closeAll: '关闭所有', label: '已打开的页面' },
    request: {
      systemPrompt: '系统提示', networkProblem: '系统或网络异常，请稍后重试', relogin: '重新登录', cancel: '取消', sessionInvalid: '会话已失效，请重新登录',
      badCredentials: '用户名或密码错误，请重新输入', locked: '连续输入错误，您的账号已被锁定，请联系管理员解锁', requestError: '请求失败，请稍后重试',
      importSql: '请检查导入的 SQL 是否合理', timeout: '服务器 60 秒内未响应', network: '无法连接服务器，请检查网络', system: '系统错误，请联系系统管理员',
    },
    confirm: {
      deleteTitle: '确认删除', deleteContent: '确认删除吗？', deleteSelected: '确定删除选中的 {{count}} 条数据吗？', deleted: '删除成功', deleteFailed: '删除失败',
      warningTitle: '警告', defaultContent: '确定执行此操作吗？', selectFirst: '请选择一条记录', notSelected: '您还没有选择数据', ok: '确定', cancel: '取消', done: '操作成功',
    },
    table: { total: '共 {{total}} 条', search: '查询', reset: '重置', actions: '操作', keyword: '关键字' },
    menu: {
      dashboard: '首页', documentation: '文档', profile: '个人中心', security: '安全管理', audit: '审计管理', organ: '组织管理', common: '公共组件',
      bpm: '流程管理', cform: '云表单', cportal: '门户管理', gateway: '服务治理', cms: '网站内容',
    },
    error: {
      notFoundTitle: '页面不存在', notFound: '您访问的页面不存在或已被移动。', forbiddenTitle: '无权访问', forbidden: '您没有打开此页面的权限。',
      unauthorizedTitle: '请先登录', unauthorized: '您的会话已结束，请登录后继续。', backHome: '返回首页', toLogin: '前往登录', crashed: '页面显示出错', reload: '重新加载',
    },
    fallback: { title: '该功能暂未开放', body: '菜单项“{{name}}”在当前版本的控制台中还没有对应页面。保留此菜单项是为了可以先行授权。' },
    dashboard: {
      greeting: '您好，{{name}}', onlineSessions: '在线会话', todayLogins: '今日登录', todayOperations: '今日操作', week: '近 7 天操作量', operations: '次操作',
      shortcuts: '我的功能', empty: '暂无操作记录',
    },
    profile: {
      title: '个人中心', account: '账号', userName: '用户名', administrator: '管理员', yes: '是', no: '否', superRole: '是（超级管理员角色）', authorities: '权限', allAuthorities: '全部权限',
      passwordExpires: '密码到期时间', never: '永不过期', changePassword: '修改密码', oldPassword: '当前密码', newPassword: '新密码', confirmPassword: '确认新密码',
      save: '保存', saved: '密码已修改，您在其他地方的登录已退出。', mismatch: '两次输入的密码不一致！', mustChange: '继续使用前，请先修改密码。', required: '请填写此项',
    },
    documentation: {
      title: '控制台使用说明',
      intro: '侧边栏只列出您的角色有权使用的功能。看不到的功能即无权操作：服务器会再次校验每一次调用。',
      navTitle: '页面导航', nav: '可以从侧边栏或链接打开页面；开启标签页（右上角“页面设置”）后，每个页面以标签形式打开。在标签上点击右键可关闭其他标签或刷新。',
      tablesTitle: '列表与表单', tables: '列表的查询、排序和分页都在服务器端完成。删除前会要求确认；批量操作需要先选择数据。表单在输入时即校验，服务器会再次校验。',
      securityTitle: '会话与安全', security: '长时间无操作或被管理员强制下线后，会话即结束，需要重新登录。每一次变更都会记录在操作日志中。',
      languageTitle: '语言与布局', language: '在顶部栏切换语言和布局大小，选择会保存在当前浏览器中。',
    },
    errorLog: { title: '前端错误日志', time: '时间', message: '错误信息', url: '页面地址', user: '账号 ID', userAgent: '浏览器', stack: '堆栈', detail: '详情' },
  },
  es: {
    app: { title: 'Consola Bencao', tagline: 'Administración de Bencao Farmacéutica' },
    login: {
      title: 'Iniciar sesión', username: 'Cuenta', password: 'Contraseña', submit: 'Entrar', usernameRequired: 'Introduzca su cuenta',
      passwordRequired: 'Introduzca su contraseña', language: 'Idioma', keyFailed: 'No se pudo preparar un inicio de sesión seguro, inténtelo de nuevo',
      footer: 'La contraseña se cifra en su navegador antes de enviarse.', showPassword: 'Mostrar contraseña',
    },
    nav: {
      profile: 'Perfil', changePassword: 'Cambiar contraseña', logout: 'Cerrar sesión', language: 'Idioma', size: 'Tamaño de los componentes',
      sizeSmall: 'Compacto', sizeMiddle: 'Normal', sizeLarge: 'Amplio', settings: 'Ajustes de la página', toggleSidebar: 'Contraer o expandir la barra lateral',
      home: 'Inicio', external: 'se abre en una ventana nueva',
    },
    settings: { title: 'Ajustes de la página', theme: 'Color del tema', tagsView: 'Pestañas', fixedHeader: 'Cabecera fija', sidebarLogo: 'Logotipo lateral', reset: 'Restablecer' },
    tags: { refresh: 'Actualizar', close: 'Cerrar', closeOthers: 'Cerrar las demás', closeAll: 'Cerrar todas', label: 'Páginas abiertas' },
    request: {
      systemPrompt: 'Aviso del sistema', networkProblem: 'Problema del sistema o de la red, inténtelo más tarde', relogin: 'Volver a entrar', cancel: 'Cancelar',
      sessionInvalid: 'La sesión no es válida, inicie sesión de nuevo', badCredentials: 'Usuario o contraseña incorrectos, vuelva a introducirlos',
      locked: 'Demasiados intentos fallidos: su cuenta está bloqueada, contacte con el administrador', requestError: 'La solicitud falló, inténtelo más tarde',
      importSql: 'Compruebe que el SQL importado sea razonable', timeout: 'El servidor no respondió en 60 segundos', network: 'No se puede conectar con el servidor, compruebe la red',
      system: 'Error del sistema, contacte con el administrador',
    },
    confirm: {
      deleteTitle: 'Confirmar eliminación', deleteContent: '¿Confirma la eliminación?', deleteSelected: '¿Seguro que desea eliminar los {{count}} registros seleccionados?',
      deleted: 'Eliminado correctamente', deleteFailed: 'No se pudo eliminar', warningTitle: 'Advertencia', defaultContent: '¿Seguro que desea realizar esta operación?',
      selectFirst: 'Seleccione un registro', notSelected: 'No ha seleccionado datos', ok: 'Aceptar', cancel: 'Cancelar', done: 'Operación realizada',
    },
    table: { total: '{{total}} en total', search: 'Buscar', reset: 'Restablecer', actions: 'Acciones', keyword: 'Palabra clave' },
    menu: {
      dashboard: 'Panel', documentation: 'Documentación', profile: 'Perfil', security: 'Seguridad', audit: 'Auditoría', organ: 'Organización',
      common: 'Componentes comunes', bpm: 'Flujo de trabajo', cform: 'Formularios en la nube', cportal: 'Portal', gateway: 'Gobierno de servicios', cms: 'Contenido del sitio',
    },
    error: {
      notFoundTitle: 'Página no encontrada', notFound: 'La página solicitada no existe o se ha movido.', forbiddenTitle: 'Sin acceso',
      forbidden: 'No tiene autoridad para abrir esta página.', unauthorizedTitle: 'Inicie sesión', unauthorized: 'Su sesión ha terminado. Inicie sesión para continuar.',
      backHome: 'Volver al panel', toLogin: 'Ir a iniciar sesión', crashed: 'No se pudo mostrar esta página', reload: 'Recargar',
    },
    fallback: { title: 'Pantalla aún no disponible', body: 'La entrada de menú «{{name}}» no tiene pantalla en esta versión de la consola. Se mantiene para poder conceder ya sus permisos.' },
    dashboard: {
      greeting: 'Hola, {{name}}', onlineSessions: 'Sesiones activas', todayLogins: 'Accesos de hoy', todayOperations: 'Operaciones de hoy',
      week: 'Operaciones de los últimos 7 días', operations: 'operaciones', shortcuts: 'Sus pantallas', empty: 'No hay operaciones registradas',
    },
    profile: {
      title: 'Perfil', account: 'Cuenta', userName: 'Nombre de usuario', administrator: 'Administrador', yes: 'Sí', no: 'No', superRole: 'Sí (rol de superadministrador)', authorities: 'Autoridades',
      allAuthorities: 'todas las autoridades', passwordExpires: 'La contraseña caduca', never: 'Nunca', changePassword: 'Cambiar contraseña',
      oldPassword: 'Contraseña actual', newPassword: 'Contraseña nueva', confirmPassword: 'Confirmar contraseña nueva', save: 'Guardar',
      saved: 'Contraseña cambiada. Sus otras sesiones se han cerrado.', mismatch: '¡Las contraseñas no coinciden!', mustChange: 'Debe cambiar su contraseña antes de continuar.',
      required: 'Rellene este campo',
    },
    documentation: {
      title: 'Uso de la consola',
      intro: 'La barra lateral muestra las pantallas que sus roles permiten. Lo que no ve, no puede hacerlo: el servidor vuelve a comprobar cada llamada.',
      navTitle: 'Orientarse', nav: 'Abra las pantallas desde la barra lateral o con un enlace; con las pestañas activadas (Ajustes de la página, arriba a la derecha) cada una se abre como pestaña. Haga clic derecho en una pestaña para cerrar las demás o actualizarla.',
      tablesTitle: 'Listas y formularios', tables: 'Las listas buscan, ordenan y paginan en el servidor. Eliminar pide confirmación; las acciones en lote necesitan una selección. Los formularios validan mientras escribe y el servidor vuelve a validar.',
      securityTitle: 'Sesiones y seguridad', security: 'Una sesión termina tras un tiempo sin actividad o cuando un administrador la cierra; entonces se le pide iniciar sesión de nuevo. Cada cambio queda en el registro de operaciones.',
      languageTitle: 'Idioma y tamaño', language: 'Cambie el idioma y el tamaño de los componentes en la barra superior; su elección se recuerda en este navegador.',
    },
    errorLog: { title: 'Errores del cliente', time: 'Hora', message: 'Mensaje', url: 'URL', user: 'ID de cuenta', userAgent: 'Navegador', stack: 'Pila', detail: 'Detalle' },
  },
  ja: {
    app: { title: '本草 管理コンソール', tagline: '本草製薬 バックオフィス' },
    login: {
      title: 'ログイン', username: 'アカウント', password: 'パスワード', submit: 'ログイン', usernameRequired: 'アカウントを入力してください',
      passwordRequired: 'パスワードを入力してください', language: '言語', keyFailed: '安全なログインを準備できませんでした。もう一度お試しください',
      footer: 'パスワードはブラウザで暗号化されてから送信されます。', showPassword: 'パスワードを表示',
    },
    nav: {
      profile: 'プロフィール', changePassword: 'パスワード変更', logout: 'ログアウト', language: '言語', size: '表示サイズ', sizeSmall: '小', sizeMiddle: '標準', sizeLarge: '大',
      settings: 'ページ設定', toggleSidebar: 'サイドバーの折りたたみ・展開', home: 'ホーム', external: '新しいウィンドウで開きます',
    },
    settings: { title: 'ページ設定', theme: 'テーマカラー', tagsView: 'タブ表示', fixedHeader: 'ヘッダー固定', sidebarLogo: 'サイドバーのロゴ', reset: '初期設定に戻す' },
    tags: { refresh: '再読み込み', close: '閉じる', closeOthers: '他を閉じる', closeAll: 'すべて閉じる', label: '開いているページ' },
    request: {
      systemPrompt: 'システム通知', networkProblem: 'システムまたはネットワークに問題があります。しばらくしてから再度お試しください', relogin: '再ログイン', cancel: 'キャンセル',
      sessionInvalid: 'セッションが無効になりました。再度ログインしてください', badCredentials: 'ユーザー名またはパスワードが正しくありません。再入力してください',
      locked: '入力ミスが続いたため、アカウントがロックされました。管理者に解除を依頼してください', requestError: 'リクエストに失敗しました。しばらくしてから再度お試しください',
      importSql: 'インポートした SQL が妥当か確認してください', timeout: 'サーバーが 60 秒以内に応答しませんでした', network: 'サーバーに接続できません。ネットワークを確認してください',
      system: 'システムエラーです。システム管理者に連絡してください',
    },
    confirm: {
      deleteTitle: '削除の確認', deleteContent: '削除してよろしいですか？', deleteSelected: '選択した {{count}} 件を削除してよろしいですか？', deleted: '削除しました',
      deleteFailed: '削除に失敗しました', warningTitle: '警告', defaultContent: 'この操作を実行してよろしいですか？', selectFirst: 'レコードを選択してください',
      notSelected: 'データが選択されていません', ok: 'OK', cancel: 'キャンセル', done: '操作が完了しました',
    },
    table: { total: '全 {{total}} 件', search: '検索', reset: 'リセット', actions: '操作', keyword: 'キーワード' },
    menu: {
      dashboard: 'ダッシュボード', documentation: 'ドキュメント', profile: 'プロフィール', security: 'セキュリティ管理', audit: '監査', organ: '組織管理',
      common: '共通コンポーネント', bpm: 'ワークフロー', cform: 'クラウドフォーム', cportal: 'ポータル', gateway: 'サービスガバナンス', cms: 'サイトコンテンツ',
    },
    error: {
      notFoundTitle: 'ページが見つかりません', notFound: 'お探しのページは存在しないか、移動しました。', forbiddenTitle: 'アクセス権がありません',
      forbidden: 'このページを開く権限がありません。', unauthorizedTitle: 'ログインしてください', unauthorized: 'セッションが終了しました。続けるにはログインしてください。',
      backHome: 'ダッシュボードへ戻る', toLogin: 'ログインへ', crashed: 'このページを表示できませんでした', reload: '再読み込み',
    },
    fallback: { title: 'この画面はまだ利用できません', body: 'メニュー項目「{{name}}」には、このバージョンのコンソールでは画面がありません。権限を先に付与できるよう項目を残しています。' },
    dashboard: {
      greeting: 'こんにちは、{{name}} さん', onlineSessions: 'オンラインセッション', todayLogins: '本日のログイン', todayOperations: '本日の操作',
      week: '過去 7 日間の操作数', operations: '件の操作', shortcuts: '利用できる画面', empty: '操作の記録はありません',
    },
    profile: {
      title: 'プロフィール', account: 'アカウント', userName: 'ユーザー名', administrator: '管理者', yes: 'はい', no: 'いいえ', superRole: 'はい（スーパー管理者ロール）', authorities: '権限', allAuthorities: 'すべての権限',
      passwordExpires: 'パスワード有効期限', never: '無期限', changePassword: 'パスワード変更', oldPassword: '現在のパスワード', newPassword: '新しいパスワード',
      confirmPassword: '新しいパスワード（確認）', save: '保存', saved: 'パスワードを変更しました。他のセッションはログアウトされました。',
      mismatch: 'パスワードが一致しません！', mustChange: '続行する前にパスワードを変更してください。', required: 'この項目を入力してください',
    },
    documentation: {
      title: 'コンソールの使い方',
      intro: 'サイドバーには、ロールで許可された画面だけが表示されます。表示されない操作は実行できません。サーバーはすべての呼び出しを再度確認します。',
      navTitle: '画面の移動', nav: 'サイドバーまたはリンクから画面を開きます。タブ表示を有効にすると（右上の「ページ設定」）、画面はタブとして開きます。タブを右クリックすると、他のタブを閉じたり再読み込みしたりできます。',
      tablesTitle: '一覧とフォーム', tables: '一覧の検索・並べ替え・ページ送りはサーバーで行われます。削除の前には確認があり、一括操作には選択が必要です。フォームは入力中に検証され、サーバーでも再度検証されます。',
      securityTitle: 'セッションとセキュリティ', security: '一定時間操作がない場合や管理者による強制ログアウトでセッションは終了し、再ログインを求められます。すべての変更は操作ログに記録されます。',
      languageTitle: '言語と表示サイズ', language: '上部バーで言語と表示サイズを切り替えられます。選択はこのブラウザに保存されます。',
    },
    errorLog: { title: 'クライアントエラーログ', time: '日時', message: 'メッセージ', url: 'URL', user: 'アカウント ID', userAgent: 'ブラウザ', stack: 'スタック', detail: '詳細' },
  },
});
