import type { Bundle } from '../shared/i18n';

export const apiBundle: Bundle = {
  zh: {
    noResponse: '请求无响应',
    setupError: '发送请求时出现问题',
    httpStatus: '服务器返回异常（HTTP {{status}}）',
  },
  en: {
    noResponse: 'The request got no response',
    setupError: 'A problem occurred sending the request',
    httpStatus: 'The server answered with an error (HTTP {{status}})',
  },
};
