export default {
  'home.greeting': '欢迎回来，{{name}}',
  'home.subtitle': '线索、商机和任务都可以从左侧菜单进入。',
};
