/**
 * The product's whole console menu: every group of SPEC §2 and every screen SPEC §1 names.
 * Seeding adds what is missing by menuCode/actionCode, so a module adds its screen here once.
 * Paths starting with "opt/" load from the console's opt page set, others from the views set.
 * A leaf's authority is the function code its screen needs; actions are operation codes.
 */
export interface SeedAction { code: string; names: [string, string, string, string]; resources?: string[] }
export interface SeedMenu {
  code: string;
  /** en, zh, es, ja */
  names: [string, string, string, string];
  icon?: string;
  path?: string;
  authority?: string | null;
  target?: string;
  hidden?: boolean;
  actions?: SeedAction[];
  children?: SeedMenu[];
}

const ADD: SeedAction['names'] = ['Add', '新增', 'Añadir', '追加'];
const EDIT: SeedAction['names'] = ['Edit', '编辑', 'Editar', '編集'];
const DEL: SeedAction['names'] = ['Delete', '删除', 'Eliminar', '削除'];

/** add/edit/delete operations of a CRUD screen, with codes `<authority>:add` etc. */
const crud = (authority: string, more: SeedAction[] = []): SeedAction[] => [
  { code: `${authority}:add`, names: ADD },
  { code: `${authority}:edit`, names: EDIT },
  { code: `${authority}:delete`, names: DEL },
  ...more,
];
const leaf = (code: string, names: SeedMenu['names'], path: string, authority: string | null, icon: string, actions?: SeedAction[]): SeedMenu =>
  ({ code, names, path, authority, icon, actions });

export const MENU_TREE: SeedMenu[] = [
  { code: 'dashboard', names: ['Dashboard', '首页', 'Panel', 'ダッシュボード'], icon: 'DashboardOutlined', children: [
    leaf('dashboardIndex', ['Dashboard', '首页', 'Panel', 'ダッシュボード'], 'dashboard/index', null, 'DashboardOutlined'),
  ] },
  { code: 'documentation', names: ['Documentation', '文档', 'Documentación', 'ドキュメント'], icon: 'ReadOutlined', children: [
    leaf('documentationIndex', ['Documentation', '文档', 'Documentación', 'ドキュメント'], 'documentation/index', null, 'ReadOutlined'),
  ] },
  { code: 'profile', names: ['Profile', '个人中心', 'Perfil', 'プロフィール'], icon: 'UserOutlined', children: [
    leaf('profileIndex', ['Profile', '个人中心', 'Perfil', 'プロフィール'], 'profile/index', null, 'UserOutlined'),
  ] },
  { code: 'security', names: ['Security', '安全管理', 'Seguridad', 'セキュリティ管理'], icon: 'SafetyOutlined', children: [
    leaf('securityFunction', ['Functions', '功能管理', 'Funciones', '機能管理'], 'opt/security/function', 'security:function', 'AppstoreOutlined',
      crud('security:function', [
        { code: 'security:function:import', names: ['Import', '导入', 'Importar', 'インポート'] },
        { code: 'security:function:export', names: ['Export', '导出', 'Exportar', 'エクスポート'] },
      ])),
    leaf('securityRole', ['Roles', '角色管理', 'Roles', 'ロール管理'], 'opt/security/role', 'security:role', 'TeamOutlined',
      crud('security:role', [{ code: 'security:role:grant', names: ['Authorize', '授权', 'Autorizar', '権限付与'] }])),
    leaf('securityAccount', ['Accounts', '账号管理', 'Cuentas', 'アカウント管理'], 'opt/security/account', 'security:account', 'IdcardOutlined',
      crud('security:account', [
        { code: 'security:account:unlock', names: ['Unlock', '解锁', 'Desbloquear', 'ロック解除'] },
        { code: 'security:account:resetPassword', names: ['Reset password', '重置密码', 'Restablecer contraseña', 'パスワード再設定'] },
        { code: 'security:account:grant', names: ['Assign roles', '分配角色', 'Asignar roles', 'ロール割当'] },
        { code: 'security:account:import', names: ['Import', '导入', 'Importar', 'インポート'] },
      ])),
    leaf('securityRoleGroup', ['Role groups', '角色组', 'Grupos de roles', 'ロールグループ'], 'opt/security/roleGroup', 'security:roleGroup', 'ClusterOutlined', crud('security:roleGroup')),
    leaf('securityPolicy', ['Global policy', '全局策略', 'Política global', 'グローバルポリシー'], 'opt/security/policy', 'security:policy', 'LockOutlined',
      [{ code: 'security:policy:edit', names: EDIT }]),
    leaf('securityOutbound', ['Outbound requests', '对外请求', 'Solicitudes salientes', '外部リクエスト'], 'opt/security/outbound', 'security:outbound', 'GlobalOutlined',
      [{ code: 'security:outbound:edit', names: EDIT }]),
  ] },
  { code: 'audit', names: ['Audit', '审计管理', 'Auditoría', '監査'], icon: 'AuditOutlined', children: [
    leaf('auditOnline', ['Online users', '在线用户', 'Usuarios en línea', 'オンラインユーザー'], 'opt/audit/online', 'audit:online', 'WifiOutlined',
      [{ code: 'audit:online:kick', names: ['Force logout', '强制下线', 'Forzar cierre', '強制ログアウト'] }]),
    leaf('auditOperationLog', ['Operation log', '操作日志', 'Registro de operaciones', '操作ログ'], 'opt/audit/operationLog', 'audit:operationLog', 'FileSearchOutlined',
      [{ code: 'audit:operationLog:export', names: ['Export', '导出', 'Exportar', 'エクスポート'] }, { code: 'audit:operationLog:clean', names: ['Clean up', '清理', 'Limpiar', 'クリーンアップ'] }]),
    leaf('auditLoginLog', ['Login log', '登录日志', 'Registro de accesos', 'ログイン履歴'], 'opt/audit/loginLog', 'audit:loginLog', 'LoginOutlined', [{ code: 'audit:loginLog:clean', names: ['Clean up', '清理', 'Limpiar', 'クリーンアップ'] }]),
    leaf('auditErrorLog', ['Client error log', '前端错误日志', 'Errores del cliente', 'クライアントエラーログ'], 'opt/audit/errorLog', 'audit:errorLog', 'BugOutlined', [{ code: 'audit:errorLog:clean', names: ['Clean up', '清理', 'Limpiar', 'クリーンアップ'] }]),
  ] },
  { code: 'organ', names: ['Organisation', '组织管理', 'Organización', '組織管理'], icon: 'ApartmentOutlined', children: [
    leaf('organType', ['Organ types', '组织类型', 'Tipos de órgano', '組織タイプ'], 'opt/organ/type', 'organ:type', 'TagsOutlined', crud('organ:type')),
    leaf('organView', ['Organ views', '组织视图', 'Vistas de organización', '組織ビュー'], 'opt/organ/view', 'organ:view', 'EyeOutlined', crud('organ:view')),
    leaf('organOrgan', ['Organs', '组织机构', 'Órganos', '組織'], 'opt/organ/organ', 'organ:organ', 'BankOutlined', crud('organ:organ')),
    leaf('organRule', ['Organ rules', '组织规则', 'Reglas de organización', '組織ルール'], 'opt/organ/rule', 'organ:rule', 'NodeIndexOutlined', crud('organ:rule')),
  ] },
  { code: 'common', names: ['Common components', '公共组件', 'Componentes comunes', '共通コンポーネント'], icon: 'ToolOutlined', children: [
    leaf('commonMenuType', ['Menu categories', '菜单类别', 'Categorías de menú', 'メニュー分類'], 'opt/common/menuType', 'common:menuType', 'FolderOutlined', crud('common:menuType')),
    leaf('commonMenu', ['Menus', '菜单管理', 'Menús', 'メニュー管理'], 'opt/common/menu', 'common:menu', 'MenuOutlined', crud('common:menu')),
    leaf('commonSerial', ['Serial numbers', '业务流水号', 'Números de serie', '業務連番'], 'opt/common/serial', 'common:serial', 'NumberOutlined',
      crud('common:serial', [{ code: 'common:serial:draw', names: ['Draw a number', '取号', 'Obtener número', '採番'] }])),
    leaf('commonRegion', ['Regions', '行政区划', 'Regiones', '行政区画'], 'opt/common/region', 'common:region', 'EnvironmentOutlined', crud('common:region')),
    leaf('commonCalendar', ['Working calendar', '工作日历', 'Calendario laboral', '営業日カレンダー'], 'opt/common/calendar', 'common:calendar', 'CalendarOutlined',
      [{ code: 'common:calendar:edit', names: EDIT }]),
    leaf('commonDict', ['Dictionaries', '数据字典', 'Diccionarios', 'データ辞書'], 'opt/common/dict', 'common:dict', 'BookOutlined', crud('common:dict')),
  ] },
  { code: 'bpm', names: ['Workflow', '流程管理', 'Flujo de trabajo', 'ワークフロー'], icon: 'BranchesOutlined', children: [
    leaf('bpmTaskNew', ['New task', '新建任务', 'Nueva tarea', '新規タスク'], 'bpm/task/new', 'bpm:task', 'PlusSquareOutlined'),
    leaf('bpmTaskTodo', ['To-do tasks', '待办任务', 'Tareas pendientes', '未処理タスク'], 'bpm/task/todo', 'bpm:task', 'InboxOutlined'),
    leaf('bpmTaskDone', ['Done tasks', '已办任务', 'Tareas hechas', '処理済みタスク'], 'bpm/task/done', 'bpm:task', 'CheckSquareOutlined'),
    leaf('bpmTaskEnded', ['Ended tasks', '办结任务', 'Tareas finalizadas', '完了タスク'], 'bpm/task/ended', 'bpm:task', 'StopOutlined'),
    leaf('bpmDefinition', ['Process definitions', '流程定义', 'Definiciones de procesos', 'プロセス定義'], 'bpm/definition', 'bpm:definition', 'PartitionOutlined', crud('bpm:definition', [
      { code: 'bpm:definition:publish', names: ['Publish', '发布', 'Publicar', '公開'] },
      { code: 'bpm:instance:migrate', names: ['Migrate instances', '迁移流程实例', 'Migrar instancias', 'インスタンス移行'] },
    ])),
    leaf('bpmMonitor', ['Process monitoring', '流程监控', 'Monitorización de procesos', 'プロセス監視'], 'bpm/monitor', 'bpm:monitor', 'MonitorOutlined', [
      { code: 'bpm:monitor:operate', names: ['Operate', '操作', 'Operar', '操作'] },
    ]),
    leaf('bpmForm', ['Process forms', '流程表单', 'Formularios de procesos', 'プロセスフォーム'], 'bpm/form', 'bpm:form', 'FormOutlined', crud('bpm:form')),
    leaf('bpmConfig', ['Process configuration', '流程配置', 'Configuración de procesos', 'プロセス設定'], 'bpm/config', 'bpm:config', 'SettingOutlined',
      [{ code: 'bpm:config:edit', names: EDIT }]),
    leaf('bpmPerformance', ['Performance analysis', '绩效分析', 'Análisis de rendimiento', 'パフォーマンス分析'], 'bpm/performance', 'bpm:performance', 'LineChartOutlined'),
    leaf('bpmPluginButton', ['Plugin buttons', '插件按钮', 'Botones de complemento', 'プラグインボタン'], 'bpm/pluginButton', 'bpm:pluginButton', 'ControlOutlined', crud('bpm:pluginButton')),
    leaf('bpmParticipant', ['Participants', '参与者', 'Participantes', '参加者'], 'bpm/participant', 'bpm:participant', 'UsergroupAddOutlined', crud('bpm:participant')),
    leaf('bpmListener', ['Listeners', '监听器', 'Escuchadores', 'リスナー'], 'bpm/listener', 'bpm:listener', 'SoundOutlined', crud('bpm:listener')),
    leaf('bpmPermission', ['Process permissions', '流程权限', 'Permisos de procesos', 'プロセス権限'], 'bpm/permission', 'bpm:permission', 'KeyOutlined',
      [{ code: 'bpm:permission:edit', names: EDIT }]),
  ] },
  { code: 'cform', names: ['Cloud forms', '云表单', 'Formularios en la nube', 'クラウドフォーム'], icon: 'FormOutlined', children: [
    leaf('cformList', ['Forms', '表单列表', 'Formularios', 'フォーム一覧'], 'cform/list', 'cform:form', 'UnorderedListOutlined', crud('cform:form', [
      { code: 'cform:form:publish', names: ['Publish', '发布', 'Publicar', '公開'] },
      { code: 'cform:form:fill', names: ['Fill in', '填报', 'Rellenar', '入力'] },
      { code: 'cform:form:data', names: ['View data', '查看数据', 'Ver datos', 'データ閲覧'] },
    ])),
    leaf('cformDesigner', ['Form designer', '表单设计器', 'Diseñador de formularios', 'フォームデザイナー'], 'cform/designer', 'cform:form', 'BuildOutlined'),
  ] },
  { code: 'cportal', names: ['Portal', '门户管理', 'Portal', 'ポータル'], icon: 'LayoutOutlined', children: [
    leaf('cportalPortal', ['Portals', '门户', 'Portales', 'ポータル一覧'], 'cportal/portal', 'cportal:portal', 'GlobalOutlined', crud('cportal:portal')),
    leaf('cportalPage', ['Pages', '页面管理', 'Páginas', 'ページ管理'], 'cportal/page', 'cportal:page', 'FileOutlined', crud('cportal:page')),
  ] },
  { code: 'gateway', names: ['Service governance', '服务治理', 'Gobierno de servicios', 'サービスガバナンス'], icon: 'CloudServerOutlined', children: [
    leaf('gatewayNamespace', ['Namespaces', '命名空间', 'Espacios de nombres', '名前空間'], 'gateway/namespace', 'gateway:namespace', 'BlockOutlined', crud('gateway:namespace')),
    leaf('gatewayConfig', ['Configs', '配置管理', 'Configuraciones', '設定管理'], 'gateway/config', 'gateway:config', 'ProfileOutlined',
      crud('gateway:config', [
        { code: 'gateway:config:rollback', names: ['Roll back', '回滚', 'Revertir', 'ロールバック'] },
        { code: 'gateway:config:clone', names: ['Clone', '克隆', 'Clonar', 'クローン'] },
        { code: 'gateway:config:import', names: ['Import', '导入', 'Importar', 'インポート'] },
        { code: 'gateway:config:export', names: ['Export', '导出', 'Exportar', 'エクスポート'] },
        { code: 'gateway:config:beta', names: ['Beta publish', '灰度发布', 'Publicación beta', 'ベータ公開'] },
      ])),
    leaf('gatewayService', ['Services', '服务管理', 'Servicios', 'サービス管理'], 'gateway/service', 'gateway:service', 'CloudOutlined',
      crud('gateway:service', [{ code: 'gateway:service:instance', names: ['Online / offline', '上线/下线', 'En línea / fuera de línea', 'オンライン/オフライン'] }])),
    leaf('gatewayRoute', ['Gateway routes', '网关路由', 'Rutas del gateway', 'ゲートウェイルート'], 'gateway/route', 'gateway:route', 'ForkOutlined',
      crud('gateway:route', [{ code: 'gateway:route:release', names: ['Release', '发布', 'Publicar', 'リリース'] }])),
    leaf('gatewayApiGroup', ['API groups', 'API 分组', 'Grupos de API', 'API グループ'], 'gateway/apiGroup', 'gateway:apiGroup', 'GroupOutlined', crud('gateway:apiGroup')),
    leaf('gatewayFlow', ['Flow control', '流控规则', 'Control de flujo', 'フロー制御'], 'gateway/flow', 'gateway:flow', 'FunnelPlotOutlined', crud('gateway:flow')),
    leaf('gatewayDegrade', ['Degrade rules', '降级规则', 'Reglas de degradación', 'デグレードルール'], 'gateway/degrade', 'gateway:degrade', 'ThunderboltOutlined', crud('gateway:degrade')),
    leaf('gatewayMetrics', ['Gateway metrics', '网关监控', 'Métricas del gateway', 'ゲートウェイ監視'], 'gateway/metrics', 'gateway:metrics', 'AreaChartOutlined'),
    leaf('gatewayAlarmRule', ['Alarm rules', '告警规则', 'Reglas de alarma', 'アラームルール'], 'gateway/alarmRule', 'gateway:alarm', 'AlertOutlined', crud('gateway:alarm')),
    leaf('gatewayAlarmReceiver', ['Alarm receivers', '告警接收人', 'Receptores de alarmas', 'アラーム受信者'], 'gateway/alarmReceiver', 'gateway:alarmReceiver', 'ContactsOutlined', crud('gateway:alarmReceiver')),
    // application credentials of the open API: delete = revoke (for good); edit = scope, enable/disable
    leaf('gatewayCredential', ['App credentials', '应用凭证', 'Credenciales de aplicación', 'アプリ資格情報'], 'gateway/credential', 'gateway:credential', 'KeyOutlined', [
      { code: 'gateway:credential:add', names: ADD },
      { code: 'gateway:credential:edit', names: EDIT },
      { code: 'gateway:credential:delete', names: ['Revoke', '吊销', 'Revocar', '失効'] },
    ]),
  ] },
  { code: 'cms', names: ['Website content', '网站内容', 'Contenido del sitio', 'サイトコンテンツ'], icon: 'GlobalOutlined', children: [
    leaf('cmsColumn', ['Columns', '栏目管理', 'Columnas', 'カラム管理'], 'cms/column', 'cms:column', 'ApartmentOutlined', crud('cms:column')),
    leaf('cmsArticle', ['Articles', '内容管理', 'Artículos', '記事管理'], 'cms/article', 'cms:article', 'FileTextOutlined',
      crud('cms:article', [{ code: 'cms:article:publish', names: ['Publish', '发布', 'Publicar', '公開'] }])),
    leaf('cmsMedia', ['Media library', '媒体库', 'Biblioteca multimedia', 'メディアライブラリ'], 'cms/media', 'cms:media', 'PictureOutlined', crud('cms:media')),
    leaf('cmsSettings', ['Site settings', '站点设置', 'Ajustes del sitio', 'サイト設定'], 'cms/settings', 'cms:settings', 'SettingOutlined',
      [{ code: 'cms:settings:edit', names: EDIT }]),
    leaf('cmsAdr', ['Adverse reaction reports', '不良反应报告', 'Reacciones adversas', '副作用報告'], 'cms/adr', 'cms:adr', 'AlertOutlined',
      [{ code: 'cms:adr:edit', names: ['Review', '审核', 'Revisar', '審査'] }]),
    leaf('cmsRecruit', ['Job applications', '应聘申请', 'Candidaturas', '応募管理'], 'cms/recruit', 'cms:recruit', 'UsergroupAddOutlined',
      [{ code: 'cms:recruit:edit', names: ['Review', '审核', 'Revisar', '審査'] }]),
  ] },
];
