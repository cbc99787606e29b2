export default {
  'home.greeting': 'Welcome back, {{name}}',
  'home.sectionsTitle': 'What you can open',
  'home.sectionsHint': 'Your role gives you {{count}} areas. Pick one here or from the menu.',
  'home.noSections': 'Your role gives you no areas yet. Ask your administrator for access.',
  'home.pageCount_one': '{{count}} page',
  'home.pageCount_other': '{{count}} pages',
};
