export default {
  'home.greeting': '欢迎回来，{{name}}',
  'home.sectionsTitle': '您可以访问的功能',
  'home.sectionsHint': '您的角色可访问 {{count}} 个功能区，可在此处或左侧菜单进入。',
  'home.noSections': '您的角色暂无可访问的功能，请联系管理员开通权限。',
  'home.pageCount_other': '{{count}} 个页面',
};
