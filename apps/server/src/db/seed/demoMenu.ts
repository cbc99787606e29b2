import type { DemoRoute } from '@orbit/shared/contract/demo';
import { PERMISSIONS as P, type Permission } from '@orbit/shared/permissions';
import type { MenuSeed } from './menuTree';
import type { RoleSeed, UserSeed } from './organisation';

/**
 * The template demo pages of SPEC §2 ("Template demo routes"), seeded with the demo data after the
 * product's menu. Each page's view is `demo/…` (apps/web/src/views/demo/). `roles` is the SPEC §6
 * route metadata: the permission section is for admin and editor, its page and role for admin.
 */
const page = (name: string, routeName: string, path: string, component: string, icon: string, extra: Partial<MenuSeed> = {}): MenuSeed => ({
  name,
  routeName,
  path,
  type: 'C',
  component: `demo/${component}`,
  icon,
  ...extra,
});
const dir = (name: string, routeName: string, path: string, icon: string, children: MenuSeed[], extra: Partial<MenuSeed> = {}): MenuSeed => ({
  name,
  routeName,
  path,
  type: 'M',
  icon,
  children,
  ...extra,
});

export const EXTERNAL_LINK = 'https://github.com/PanJiaChen/vue-element-admin';

export const demoMenuTree: MenuSeed[] = [
  dir('Permission', 'Permission', 'permission', 'lock', [
    page('Page Permission', 'PagePermission', 'page', 'permission/page', 'lock', { roles: ['admin'] }),
    page('Directive Permission', 'DirectivePermission', 'directive', 'permission/directive', 'lock'),
    page('Role Permission', 'RolePermission', 'role', 'permission/role', 'peoples', { roles: ['admin'] }),
  ], { roles: ['admin', 'editor'] }),
  page('Icons', 'Icons', 'icon/index', 'icon/index', 'icon'),
  dir('Components', 'ComponentDemo', 'components', 'component', [
    page('Tinymce', 'TinymceDemo', 'tinymce', 'tinymce/index', 'edit'),
    page('Markdown', 'MarkdownDemo', 'markdown', 'markdown/index', 'documentation'),
    page('JSON Editor', 'JsonEditorDemo', 'json-editor', 'json-editor/index', 'code'),
    page('Split Pane', 'SplitpaneDemo', 'split-pane', 'split-pane/index', 'table'),
    page('Avatar Upload', 'AvatarUploadDemo', 'avatar-upload', 'avatar-upload/index', 'user'),
    page('Dropzone', 'DropzoneDemo', 'dropzone', 'dropzone/index', 'upload'),
    page('Sticky', 'StickyDemo', 'sticky', 'sticky/index', 'guide'),
    page('Count To', 'CountToDemo', 'count-to', 'count-to/index', 'number'),
    page('Component Mixin', 'ComponentMixinDemo', 'mixin', 'mixin/index', 'form'),
    page('Back To Top', 'BackToTopDemo', 'back-to-top', 'back-to-top/index', 'top'),
    page('Drag Dialog', 'DragDialogDemo', 'drag-dialog', 'drag-dialog/index', 'drag'),
    page('Drag Select', 'DragSelectDemo', 'drag-select', 'drag-select/index', 'select'),
    page('Dnd List', 'DndListDemo', 'dnd-list', 'dnd-list/index', 'list'),
    page('Drag Kanban', 'DragKanbanDemo', 'drag-kanban', 'drag-kanban/index', 'dashboard'),
  ]),
  dir('Charts', 'Charts', 'charts', 'chart', [
    page('Keyboard Chart', 'KeyboardChart', 'keyboard', 'charts/keyboard', 'chart', { noCache: true }),
    page('Line Chart', 'LineChart', 'line', 'charts/line', 'chart', { noCache: true }),
    page('Mix Chart', 'MixChart', 'mixchart', 'charts/mixchart', 'chart', { noCache: true }),
  ]),
  dir('Nested Routes', 'Nested', 'nested', 'nested', [
    dir('Menu 1', 'Menu1', 'menu1', 'nested', [
      page('Menu 1-1', 'Menu1_1', 'menu1-1', 'nested/index', 'nested'),
      dir('Menu 1-2', 'Menu1_2', 'menu1-2', 'nested', [
        page('Menu 1-2-1', 'Menu1_2_1', 'menu1-2-1', 'nested/index', 'nested'),
        page('Menu 1-2-2', 'Menu1_2_2', 'menu1-2-2', 'nested/index', 'nested'),
      ]),
      page('Menu 1-3', 'Menu1_3', 'menu1-3', 'nested/index', 'nested'),
    ]),
    page('Menu 2', 'Menu2', 'menu2', 'nested/index', 'nested'),
  ]),
  dir('Example', 'Example', 'example', 'example', [
    page('Article List', 'ArticleList', 'list', 'example/list', 'list'),
    page('Create Article', 'CreateArticle', 'create', 'example/create', 'edit'),
    page('Edit Article', 'EditArticle', 'edit/:id', 'example/edit', 'edit', { hidden: true, noCache: true }),
  ]),
  page('Tab', 'Tab', 'tab/index', 'tab/index', 'tab'),
  dir('Error Pages', 'ErrorPages', 'error', '404', [
    page('401', 'Page401Demo', '401', 'error/401', '404', { noCache: true }),
    page('404', 'Page404Demo', '404', 'error/404', '404', { noCache: true }),
  ]),
  page('Error Log', 'ErrorLog', 'error-log/log', 'error-log/index', 'bug'),
  dir('Excel', 'Excel', 'excel', 'excel', [
    page('Export Excel', 'ExportExcel', 'export-excel', 'excel/export-excel', 'excel'),
    page('Export Selected', 'SelectExcel', 'export-selected-excel', 'excel/export-selected-excel', 'excel'),
    page('Merge Header', 'MergeHeader', 'export-merge-header', 'excel/export-merge-header', 'excel'),
    page('Upload Excel', 'UploadExcel', 'upload-excel', 'excel/upload-excel', 'excel'),
  ]),
  page('Export Zip', 'ExportZip', 'zip/download', 'zip/index', 'zip'),
  page('PDF', 'PDF', 'pdf/index', 'pdf/index', 'pdf'),
  page('PDF Download', 'PDFDown', 'pdf/download', 'pdf/download', 'pdf', { hidden: true }),
  page('Theme', 'Theme', 'theme/index', 'theme/index', 'theme'),
  page('Clipboard', 'ClipboardDemo', 'clipboard/index', 'clipboard/index', 'clipboard'),
  page('I18n', 'I18n', 'i18n/index', 'i18n/index', 'international'),
  { name: 'External Link', routeName: 'ExternalLink', path: EXTERNAL_LINK, type: 'C', icon: 'link', external: true },
];

/**
 * The folder the demo pages live in, after the product's menu (issue 36: the product's menu is not
 * mixed with them). Its empty path keeps their addresses (`/icon/index`, `/permission/page`): the
 * server answers it as the top-level `/`, under which the web joins its pages' paths, and draws it
 * as a folder. Installs seeded before get it from migration 0032 (template_demo_folder).
 */
export const TEMPLATE_DEMO_ROUTE_NAME = 'TemplateDemo';
export const templateDemoFolder: MenuSeed = { name: 'Template demo', routeName: TEMPLATE_DEMO_ROUTE_NAME, path: '', type: 'M', icon: 'example', children: demoMenuTree };

/** SPEC §6 mock roles besides admin: editor sees every demo page but the permission page and role; visitor, the dashboard. */
export const demoRoles: Array<RoleSeed & { demoMenus: boolean }> = [
  {
    key: 'editor', name: 'Editor', sort: 6, dataScope: '5', remark: 'Template demo role: every demo page except the permission page',
    permissions: [P.dashboard.list, P.dashboard.query] as Permission[], demoMenus: true,
  },
  {
    key: 'visitor', name: 'Visitor', sort: 7, dataScope: '5', remark: 'Template demo role: the dashboard only',
    permissions: [P.dashboard.list, P.dashboard.query] as Permission[], demoMenus: false,
  },
];

export const demoRoleUsers: UserSeed[] = [
  { userName: 'editor', nickName: 'Eddie Editor', email: 'editor@example.com', phone: '15888888811', sex: '0', dept: 'head', role: 'editor' },
  { userName: 'visitor', nickName: 'Vera Visitor', email: 'visitor@example.com', phone: '15888888812', sex: '1', dept: 'head', role: 'visitor' },
];

/** Whether a demo role sees a demo entry: no roles metadata, or the role is listed (SPEC §6). */
export const demoEntryVisibleTo = (entry: MenuSeed, roleKey: string) => !entry.roles || entry.roles.includes(roleKey);

/** The demo menu as vue-element-admin's route table, for GET /vue-element-admin/routes. */
export function demoRoutes(entries: MenuSeed[] = demoMenuTree, top = true): DemoRoute[] {
  return entries.map((entry) => ({
    path: top && !entry.external ? `/${entry.path}` : entry.path,
    name: entry.routeName,
    ...(entry.hidden ? { hidden: true } : {}),
    meta: { title: entry.name, ...(entry.icon ? { icon: entry.icon } : {}), ...(entry.roles ? { roles: entry.roles } : {}) },
    ...(entry.children?.length ? { children: demoRoutes(entry.children, false) } : {}),
  }));
}
