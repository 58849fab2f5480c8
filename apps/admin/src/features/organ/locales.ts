import { defineLocales } from '@/i18n/defineLocales';

export default defineLocales({
  en: {
    file: { views: 'Organ views', rules: 'Organ rules' },
    action: {
      add: 'New', addChild: 'New sub-organ', edit: 'Edit', delete: 'Delete', batchDelete: 'Delete selected', save: 'Save', search: 'Search', reset: 'Reset',
      placeInView: 'Add existing organ', removeFromView: 'Remove from this view', refresh: 'Refresh',
    },
    field: {
      typeCode: 'Type code', typeName: 'Type name', parentType: 'Parent type', holdsStaff: 'Position type (holds one employee)', seq: 'Display order',
      note: 'Note', organCount: 'Organs', viewId: 'View ID', viewName: 'Name', code: 'Code', type: 'Type', name: 'Name', shortName: 'Short name',
      principal: 'Principal', parent: 'Parent', keyword: 'Keyword', view: 'View', parentTypeRule: 'Parent type', childTypeRule: 'May contain',
      staffCode: 'Employee number', staffName: 'Name', position: 'Position', mobile: 'Mobile', email: 'Email', accounts: 'Accounts', holder: 'Employee',
      views: 'In views', organ: 'Organ', gender: 'Gender', ops: 'Actions',
    },
    title: {
      newType: 'New organ type', editType: 'Edit organ type', newView: 'New organ view', editView: 'Edit organ view', newOrgan: 'New organ',
      editOrgan: 'Edit organ', newRule: 'New organ rule', editRule: 'Edit organ rule', newStaff: 'New employee', editStaff: 'Edit employee',
      tree: 'Organ tree', staff: 'Staff', detail: 'Organ details', results: 'Search results', place: 'Place an existing organ',
    },
    hint: {
      topLevel: 'Top level of a view', rules: 'An organ may sit under another only when a rule allows its type there (e.g. company → department → position).',
      drag: 'Drag an organ to reorder it or to move it under another; the organ rules apply.', selectOrgan: 'Select an organ in the tree.',
      typeCode: 'At most 10 characters', onePosition: 'One position allows only one employee.', noView: 'Create an organ view first.',
      noResults: 'Nothing matches.', vacant: 'Vacant', pickOrgan: 'Pick an organ', emptyView: 'This view has no organs yet: use “New” to add its top level.',
    },
    msg: { saved: 'Saved', deleted: 'Deleted', moved: 'Moved' },
    yes: 'Yes', no: 'No',
  },
  zh: {
    file: { views: '组织视图', rules: '组织规则' },
    action: {
      add: '新增', addChild: '新增下级', edit: '编辑', delete: '删除', batchDelete: '批量删除', save: '保存', search: '查询', reset: '重置',
      placeInView: '加入已有组织', removeFromView: '从当前视图移出', refresh: '刷新',
    },
    field: {
      typeCode: '类型编码', typeName: '类型名称', parentType: '上级类型', holdsStaff: '岗位类型（只能配置一名员工）', seq: '显示顺序',
      note: '备注', organCount: '组织数', viewId: '视图编号', viewName: '视图名称', code: '组织编码', type: '组织类型', name: '组织名称', shortName: '简称',
      principal: '负责人', parent: '上级组织', keyword: '关键字', view: '组织视图', parentTypeRule: '上级类型', childTypeRule: '允许的下级类型',
      staffCode: '员工编号', staffName: '姓名', position: '岗位', mobile: '手机号', email: '邮箱', accounts: '关联账号', holder: '在岗员工',
      views: '所在视图', organ: '组织', gender: '性别', ops: '操作',
    },
    title: {
      newType: '新增组织类型', editType: '编辑组织类型', newView: '新增组织视图', editView: '编辑组织视图', newOrgan: '新增组织',
      editOrgan: '编辑组织', newRule: '新增组织规则', editRule: '编辑组织规则', newStaff: '新增员工', editStaff: '编辑员工',
      tree: '组织树', staff: '员工', detail: '组织详情', results: '查询结果', place: '加入已有组织',
    },
    hint: {
      topLevel: '视图顶级', rules: '只有组织规则允许的类型才能挂在上级组织之下（如：公司 → 部门 → 岗位）。',
      drag: '拖动组织可调整顺序或移动到其他组织之下，需符合组织规则。', selectOrgan: '请在左侧组织树中选择一个组织。',
      typeCode: '最多 10 个字符', onePosition: '一个岗位只允许一名员工。', noView: '请先创建组织视图。',
      noResults: '没有匹配的组织。', vacant: '空缺', pickOrgan: '请选择组织', emptyView: '该视图还没有组织，请点击“新增”添加顶级组织。',
    },
    msg: { saved: '保存成功', deleted: '删除成功', moved: '移动成功' },
    yes: '是', no: '否',
  },
  es: {
    file: { views: 'Vistas de organización', rules: 'Reglas de organización' },
    action: {
      add: 'Nuevo', addChild: 'Nuevo suborganismo', edit: 'Editar', delete: 'Eliminar', batchDelete: 'Eliminar selección', save: 'Guardar', search: 'Buscar', reset: 'Restablecer',
      placeInView: 'Añadir órgano existente', removeFromView: 'Quitar de esta vista', refresh: 'Actualizar',
    },
    field: {
      typeCode: 'Código de tipo', typeName: 'Nombre del tipo', parentType: 'Tipo superior', holdsStaff: 'Tipo puesto (un solo empleado)', seq: 'Orden',
      note: 'Nota', organCount: 'Órganos', viewId: 'ID de vista', viewName: 'Nombre', code: 'Código', type: 'Tipo', name: 'Nombre', shortName: 'Nombre corto',
      principal: 'Responsable', parent: 'Superior', keyword: 'Palabra clave', view: 'Vista', parentTypeRule: 'Tipo superior', childTypeRule: 'Puede contener',
      staffCode: 'Número de empleado', staffName: 'Nombre', position: 'Puesto', mobile: 'Móvil', email: 'Correo', accounts: 'Cuentas', holder: 'Empleado',
      views: 'En vistas', organ: 'Órgano', gender: 'Sexo', ops: 'Acciones',
    },
    title: {
      newType: 'Nuevo tipo de órgano', editType: 'Editar tipo de órgano', newView: 'Nueva vista', editView: 'Editar vista', newOrgan: 'Nuevo órgano',
      editOrgan: 'Editar órgano', newRule: 'Nueva regla', editRule: 'Editar regla', newStaff: 'Nuevo empleado', editStaff: 'Editar empleado',
      tree: 'Árbol de órganos', staff: 'Personal', detail: 'Detalles del órgano', results: 'Resultados', place: 'Añadir un órgano existente',
    },
    hint: {
      topLevel: 'Nivel superior de la vista', rules: 'Un órgano solo puede colocarse bajo otro si una regla lo permite (p. ej. empresa → departamento → puesto).',
      drag: 'Arrastre un órgano para reordenarlo o moverlo bajo otro; se aplican las reglas.', selectOrgan: 'Seleccione un órgano del árbol.',
      typeCode: 'Como máximo 10 caracteres', onePosition: 'Un puesto admite solo un empleado.', noView: 'Cree primero una vista de organización.',
      noResults: 'No hay coincidencias.', vacant: 'Vacante', pickOrgan: 'Elija un órgano', emptyView: 'Esta vista aún no tiene órganos: use «Nuevo» para añadir el nivel superior.',
    },
    msg: { saved: 'Guardado', deleted: 'Eliminado', moved: 'Movido' },
    yes: 'Sí', no: 'No',
  },
  ja: {
    file: { views: '組織ビュー一覧', rules: '組織ルール一覧' },
    action: {
      add: '新規', addChild: '下位組織を追加', edit: '編集', delete: '削除', batchDelete: '選択を削除', save: '保存', search: '検索', reset: 'リセット',
      placeInView: '既存の組織を追加', removeFromView: 'このビューから外す', refresh: '更新',
    },
    field: {
      typeCode: 'タイプコード', typeName: 'タイプ名', parentType: '上位タイプ', holdsStaff: '職位タイプ（社員 1 名のみ）', seq: '表示順',
      note: '備考', organCount: '組織数', viewId: 'ビュー ID', viewName: '名称', code: 'コード', type: 'タイプ', name: '名称', shortName: '略称',
      principal: '責任者', parent: '上位組織', keyword: 'キーワード', view: 'ビュー', parentTypeRule: '上位タイプ', childTypeRule: '配置できるタイプ',
      staffCode: '社員番号', staffName: '氏名', position: '職位', mobile: '携帯電話', email: 'メール', accounts: 'アカウント', holder: '社員',
      views: '所属ビュー', organ: '組織', gender: '性別', ops: '操作',
    },
    title: {
      newType: '組織タイプの追加', editType: '組織タイプの編集', newView: '組織ビューの追加', editView: '組織ビューの編集', newOrgan: '組織の追加',
      editOrgan: '組織の編集', newRule: '組織ルールの追加', editRule: '組織ルールの編集', newStaff: '社員の追加', editStaff: '社員の編集',
      tree: '組織ツリー', staff: '社員', detail: '組織の詳細', results: '検索結果', place: '既存の組織を追加',
    },
    hint: {
      topLevel: 'ビューの最上位', rules: 'ルールで許可されたタイプのみ上位組織の下に置けます（例：会社 → 部門 → 職位）。',
      drag: '組織をドラッグして並べ替えや移動ができます。組織ルールが適用されます。', selectOrgan: 'ツリーから組織を選択してください。',
      typeCode: '10 文字以内', onePosition: '1 つの職位に配置できる社員は 1 名のみです。', noView: '先に組織ビューを作成してください。',
      noResults: '一致する組織はありません。', vacant: '空席', pickOrgan: '組織を選択してください', emptyView: 'このビューにはまだ組織がありません。「新規」で最上位の組織を追加してください。',
    },
    msg: { saved: '保存しました', deleted: '削除しました', moved: '移動しました' },
    yes: 'はい', no: 'いいえ',
  },
});
