/** Set-up › Page Layout › Field Security: which roles see and edit which fields. */
export default {
  'setup.fls.tab': 'Field Security',
  'setup.fls.help':
    'For each role, a field is visible and editable, read-only, or hidden. A user with several roles gets the most permissive of them; administrators always see and edit everything. Hidden fields are left out of lists, records, search, reports, exports and history; read-only ones cannot be changed by any form, inline edit, mass update or import.',
  'setup.fls.field': 'Field',
  'setup.fls.edit': 'Visible',
  'setup.fls.readOnly': 'Read-only',
  'setup.fls.hidden': 'Hidden',
  'setup.fls.fixed': 'Always visible (system, name or required field)',
  'setup.fls.noRoles': 'There are no roles to restrict (administrators always see everything).',
  'setup.fls.save': 'Save field security',
  'setup.fls.saved': 'Field security saved',
};
