/** 设置 › 页面布局 › 字段安全：哪些角色可以查看和编辑哪些字段。 */
export default {
  'setup.fls.tab': '字段安全',
  'setup.fls.help':
    '对每个角色，字段可以是可见可编辑、只读或隐藏。拥有多个角色的用户取其中最宽松的权限；管理员始终可以查看和编辑所有字段。隐藏的字段不会出现在列表、记录、搜索、报表、导出和历史中；只读字段不能通过任何表单、行内编辑、批量更新或导入修改。',
  'setup.fls.field': '字段',
  'setup.fls.edit': '可见',
  'setup.fls.readOnly': '只读',
  'setup.fls.hidden': '隐藏',
  'setup.fls.fixed': '始终可见（系统、名称或必填字段）',
  'setup.fls.noRoles': '没有可以限制的角色（管理员始终可以查看所有字段）。',
  'setup.fls.save': '保存字段安全',
  'setup.fls.saved': '字段安全已保存',
};
