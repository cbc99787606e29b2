import { API_KEY_MAX_ACTIVE, API_KEY_MAX_DAYS } from './contract/apiKeys';

/** Messages of personal API keys (issue 34), en and zh; merged into messagesEn/Zh. */
export const apiKeyEn = {
  'apiKey.readOnly': 'This API key is read-only: it may only read (GET requests)',
  'apiKey.notAllowed': 'An API key cannot be used here: sign in with your password',
  'apiKey.rateLimited': 'Too many requests with this API key: please try again in {{seconds}} seconds',
  'apiKey.expiryRange': `{{field}} must be a whole number of days from 1 to ${API_KEY_MAX_DAYS}`,
  'apiKey.tooMany': `You already have ${API_KEY_MAX_ACTIVE} active API keys: revoke one you no longer use first`,
  'apiKey.created': 'API key created: copy it now, it will not be shown again',
  'apiKey.revoked': 'API key revoked',
  'settings.apiKeyRequestsPerMinute': 'Requests per minute one API key may make',
  'field.expiresInDays': 'Expiry',
  'field.readOnly': 'Read-only',
  'field.keyId': 'Key id',
  'field.name': 'Name',
};

export const apiKeyZh: Record<keyof typeof apiKeyEn, string> = {
  'apiKey.readOnly': '此 API 密钥为只读：只能读取（GET 请求）',
  'apiKey.notAllowed': '此处不能使用 API 密钥：请用密码登录',
  'apiKey.rateLimited': '此 API 密钥的请求过多：请在 {{seconds}} 秒后重试',
  'apiKey.expiryRange': `{{field}}必须是 1 到 ${API_KEY_MAX_DAYS} 之间的整数天数`,
  'apiKey.tooMany': `您已有 ${API_KEY_MAX_ACTIVE} 个有效的 API 密钥：请先撤销不再使用的密钥`,
  'apiKey.created': 'API 密钥已创建：请立即复制，它不会再次显示',
  'apiKey.revoked': 'API 密钥已撤销',
  'settings.apiKeyRequestsPerMinute': '每个 API 密钥每分钟可发出的请求数',
  'field.expiresInDays': '有效期',
  'field.readOnly': '只读',
  'field.keyId': '密钥编号',
  'field.name': '名称',
};
