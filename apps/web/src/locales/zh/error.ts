export default {
  'error.notFound': '抱歉，您访问的页面不存在。',
  'error.notFoundHint': '请检查地址是否正确，或返回首页。',
  'error.backHome': '返回首页',
  'error.goBack': '返回',
  'error.noPermissionTitle': '无访问权限',
};
