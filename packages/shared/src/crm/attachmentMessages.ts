/** Messages of a record's files (attachments), en and zh; spread into crmMessages.ts. */
export const attachmentEn = {
  'attachment.noFiles': 'Please choose at least one file to upload',
  'attachment.tooMany': 'At most {{max}} files can be uploaded at once',
  'attachment.tooLarge': 'The file "{{name}}" is larger than {{max}} MB: nothing was uploaded',
  'attachment.empty': 'The file "{{name}}" is empty: nothing was uploaded',
  'attachment.notFound': 'The file does not exist or you have no access to it',
  'settings.attachmentMaxMb': 'Largest file that can be attached to a record (MB)',
} as const;

export const attachmentZh: Record<keyof typeof attachmentEn, string> = {
  'attachment.noFiles': '请至少选择一个要上传的文件',
  'attachment.tooMany': '一次最多上传 {{max}} 个文件',
  'attachment.tooLarge': '文件“{{name}}”超过 {{max}} MB，未上传任何文件',
  'attachment.empty': '文件“{{name}}”为空，未上传任何文件',
  'attachment.notFound': '文件不存在或您无权访问',
  'settings.attachmentMaxMb': '可附加到记录的最大文件大小（MB）',
};
