export default {
  'error.notFound': 'Sorry, the page you visited does not exist.',
  'error.notFoundHint': 'Check the address, or go back to the home page.',
  'error.backHome': 'Back to home',
  'error.goBack': 'Go back',
  'error.noPermissionTitle': 'No permission',
};
