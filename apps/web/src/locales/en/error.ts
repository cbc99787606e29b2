export default {
  'error.notFound': 'Sorry, the page you visited does not exist.',
  'error.backHome': 'Back to home',
};
