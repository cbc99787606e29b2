export default {
  'home.greeting': 'Welcome back, {{name}}',
  'home.subtitle': 'Your leads, opportunities and tasks are one click away in the menu.',
};
