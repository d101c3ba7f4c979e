import type { Bundle } from '../../shared/i18n';

/** Strings of the usage log page (namespace key: `auditLog.*`). */
export const auditLogBundle: Bundle = {
  zh: {
    intro: '登录、每一次修改（修改前 → 修改后）与遥控操作的记录；日志只增不改，超过保留期限后自动删除。',
    noPermission: '当前账号没有成员管理权限，不能查看使用日志。',
    zone: '时间按 {{zone}} 显示',
    filter: { username: '用户名', kind: '类型', action: '操作（如 member.update）', keyword: '关键字（对象、地址、内容）', search: '查询' },
    kind: { login_ok: '登录成功', login_failed: '登录失败', logout: '退出登录', write: '修改', control: '遥控操作', read: '查看' },
    column: { at: '时间', user: '用户', kind: '类型', action: '操作', target: '对象', ip: '地址', device: '终端', detail: '详情' },
    device: { pc: '电脑', worker: '移动端' },
    view: '查看',
    ctrlLog: '控制日志',
    drawer: { title: '日志详情', field: '字段', before: '修改前', after: '修改后', changed: '已修改', none: '没有记录内容', userAgent: '浏览器' },
    exportFile: '使用日志',
    exportLimit: '导出最多 {{n}} 条',
    exportColumn: { before: '修改前', after: '修改后', userAgent: '浏览器' },
  },
  en: {
    intro: 'Logins, every change (before → after) and remote-control operations; the log is append-only and entries past the retention period are deleted automatically.',
    noPermission: 'This account does not hold the manage-users permission needed to read the usage log.',
    zone: 'Times in {{zone}}',
    filter: { username: 'Username', kind: 'Kind', action: 'Action (e.g. member.update)', keyword: 'Keyword (target, address, content)', search: 'Search' },
    kind: { login_ok: 'Login', login_failed: 'Failed login', logout: 'Logout', write: 'Change', control: 'Control', read: 'View' },
    column: { at: 'Time', user: 'User', kind: 'Kind', action: 'Action', target: 'Target', ip: 'Address', device: 'Device', detail: 'Details' },
    device: { pc: 'Desktop', worker: 'Mobile' },
    view: 'View',
    ctrlLog: 'Control log',
    drawer: { title: 'Log entry', field: 'Field', before: 'Before', after: 'After', changed: 'changed', none: 'No content recorded', userAgent: 'Browser' },
    exportFile: 'Usage log',
    exportLimit: 'Exports at most {{n}} entries',
    exportColumn: { before: 'Before', after: 'After', userAgent: 'Browser' },
  },
};
