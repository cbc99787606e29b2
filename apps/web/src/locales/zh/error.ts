export default {
  'error.notFound': '抱歉，您访问的页面不存在。',
  'error.backHome': '返回首页',
};
