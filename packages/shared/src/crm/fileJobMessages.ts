/**
 * The modules' names (the web's `crm.module.*` come from here too) and the messages of exports,
 * imports and the jobs behind them, en and zh; spread into crmMessages.ts.
 */
export const fileJobEn = {
  'module.leads': 'Leads',
  'module.opportunity': 'Opportunities',
  'module.account': 'Accounts',
  'module.task': 'Tasks',
  'module.campaign': 'Campaigns',
  'module.contact': 'Contacts',
  'module.activity': 'Activities',
  'export.started': 'The export has started: it will be ready in the file centre',
  'export.fileName': '{{module}} {{date}}',
  'job.processDied': 'The server stopped while this file was being generated; please try again',
  'job.failed': 'The file could not be generated; please try again',
  'job.userGone': 'The user who asked for this file can no longer sign in',
  'job.diskFull': 'The server has no room left to write this file; please tell your administrator',
  'job.cannotWrite': 'The server cannot write files at the moment; please tell your administrator',
  'export.summarySheet': 'Summary',
  'export.detailSheet': 'Records',
  'export.total': 'Total',
} as const;

export const fileJobZh: Record<keyof typeof fileJobEn, string> = {
  'module.leads': '线索',
  'module.opportunity': '商机',
  'module.account': '客户',
  'module.task': '任务',
  'module.campaign': '市场活动',
  'module.contact': '联系人',
  'module.activity': '活动',
  'export.started': '导出已开始，完成后可在文件中心下载',
  'export.fileName': '{{module}} {{date}}',
  'job.processDied': '生成文件时服务器已停止，请重试',
  'job.failed': '文件生成失败，请重试',
  'job.userGone': '发起该文件的用户已无法登录',
  'job.diskFull': '服务器已没有空间写入该文件，请联系管理员',
  'job.cannotWrite': '服务器暂时无法写入文件，请联系管理员',
  'export.summarySheet': '汇总',
  'export.detailSheet': '明细',
  'export.total': '合计',
};
