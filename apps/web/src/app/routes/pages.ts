/**
 * The page catalogue of spec §2: one row per screen with its path and both languages' title and the
 * sentence its empty state uses. Route objects, menus, breadcrumbs and i18n strings are all derived from it,
 * so a screen's name is written exactly once.
 */
export type Area = 'centre' | 'site' | 'worker';

export interface PageDef {
  key: string;
  /** Relative to the parent; '' is the parent's index page. Top-level paths start with '/'. */
  path: string;
  zh: string;
  en: string;
  /** What the page will show, used in its honest empty state. */
  whatZh?: string;
  whatEn?: string;
  /** Layout type of spec §2: 'nobj' pages have no 3D scene behind them. */
  nobj?: boolean;
  /** Real page module instead of the empty-state frame. */
  page?: 'centreHome' | 'siteHome' | 'workerHome' | 'events';
  children?: PageDef[];
  hideInMenu?: boolean;
}

const p = (key: string, path: string, zh: string, en: string, whatZh: string, whatEn: string, extra: Partial<PageDef> = {}): PageDef => ({
  key,
  path,
  zh,
  en,
  whatZh,
  whatEn,
  nobj: true,
  ...extra,
});

const userCentreChildren = (prefix: string): PageDef[] => [
  p(`${prefix}UserData`, '', '用户资料', 'User data', '账号、姓名、联系方式与所属组织', 'your account, name, contact details and organisation'),
  p(`${prefix}OrganManage`, prefix === 'Centre' ? 'CentreOrganManage' : 'OrganManage', '组织管理', 'Organisations', '区域大客户、集团客户与站级监控的组织树', 'the tree of regional, group and station-level organisations'),
  p(`${prefix}ProjectManage`, prefix === 'Centre' ? 'CentreProjectManage' : 'ProjectManage', '项目管理', 'Projects', '各站点（项目）的地址、容量与能源类型', "each site's address, capacity and energy types"),
  p(`${prefix}UserManage`, prefix === 'Centre' ? 'CentreUserManage' : 'UserManage', '成员管理', 'Members', '成员账号、角色与可访问的站点', 'member accounts, roles and the sites they may access'),
  p(`${prefix}ElecManage`, prefix === 'Centre' ? 'CentreElecManage' : 'ElecManage', '专家管理', 'Experts', '电气专家的资质、专长与联系方式', "electrical experts' qualifications, specialities and contacts"),
  p(`${prefix}SendmsgTools`, prefix === 'Centre' ? 'CentreSendmsgTools' : 'SendmsgTools', '推送设置', 'Push settings', '告警与故障的邮件和企业微信、钉钉、飞书机器人推送规则', 'e-mail and WeCom, DingTalk and Feishu robot push rules for alarms and faults'),
  p(`${prefix}DataDictionarySet`, prefix === 'Centre' ? 'CentreDataDictionarySet' : 'DataDictionarySet', '数据字典管理', 'Data dictionary', '设备类型、事件类型等字典项', 'dictionary entries such as device and event types'),
];

export const centrePages: PageDef[] = [
  { key: 'CentreHome', path: '/CentreHome', zh: '中心首页', en: 'Centre home', page: 'centreHome' },
  // The wall screen (issue 30): full screen over the shell, opened from the centre home and the menu.
  { key: 'CentreWall', path: '/CentreWall', zh: '监控大屏', en: 'Wall screen', nobj: true },
  p('CentreEvents', '/CentreEvents', '事件管理', 'Event management', '各站点告警、故障与消息事件的筛选、确认与处理', 'alarm, fault and message events of every site, to filter, acknowledge and handle', { page: 'events' }),
  p('CentreInspect', '/CentreInspect', '例行巡检', 'Routine inspection', '巡检计划、执行进度与巡检结果', 'inspection plans, progress and results'),
  p('CentreSolve', '/CentreSolve', '消缺任务', 'Defect elimination', '缺陷工单的派发、处理进度与验收', 'defect work orders, their progress and sign-off'),
  p('WorkerManage', '/WorkerManage', '专家库', 'Expert library', '可派遣专家的名录与专长', 'the directory of experts who can be dispatched'),
  p('WorkerProcess', '/WorkerProcess', '注册专家审核', 'Expert registrations', '待审核的专家注册申请', 'expert registrations waiting for review'),
  p('CtrlLogs', '/CtrlLogs', '控制日志', 'Control logs', '遥控遥调操作的记录（操作人、对象、结果）', 'remote-control operations: who, what and the result'),
  p('UseLogs', '/UseLogs', '使用日志', 'Usage logs', '登录、修改与遥控操作的记录', 'logins, changes and control operations'),
  p('CentreCarbon', '/CentreCarbon', '碳管理', 'Carbon management', '各站点的碳排放、减排量与碳资产', "each site's emissions, reductions and carbon assets"),
  { key: 'CentreUser', path: '/CentreUser', zh: '用户中心', en: 'User centre', nobj: true, children: userCentreChildren('Centre') },
];

const setup = (key: string, zh: string, en: string, whatZh: string, whatEn: string) => p(key, key, zh, en, whatZh, whatEn);

export const sitePages: PageDef[] = [
  { key: 'SiteHome', path: '/SiteHome', zh: '站点首页', en: 'Site home', page: 'siteHome' },
  p('IntergralEnergy', '/IntergralEnergy', '综合能源', 'Integrated energy', '电、水、气、热的用量与趋势', 'electricity, water, gas and heat use and trends', { nobj: false }),
  p('Carbon', '/Carbon', '碳排放', 'Carbon view', '本站碳排放与减排量', "this site's emissions and reductions"),
  p('EnergyHome', '/EnergyHome', '微电网', 'Microgrid', '光伏、储能、充电桩与电网之间的实时功率流', 'live power flow between PV, storage, chargers and the grid', { nobj: false }),
  p('IntergralBuilding', '/IntergralBuilding', '智慧楼宇', 'Smart building', '照明、空调、给排水等楼宇系统状态', 'lighting, air-conditioning and water systems of the building', { nobj: false }),
  p('AISecurity', '/AISecurity', 'AI 安防', 'AI security', '视频分析识别的入侵、烟火与未戴安全帽等事件', 'intrusion, smoke/fire and no-helmet events found by video analytics'),
  {
    key: 'ElectricalRoom',
    path: '/ElectricalRoom',
    zh: '智能配电',
    en: 'Smart distribution',
    nobj: true,
    children: [
      p('ElecIndex', 'index', '配电概览', 'Distribution overview', '配电室的负荷、变压器与进出线概况', 'load, transformers and feeders of the distribution room', { nobj: false }),
      p('RobMonitor', 'RobMonitor', '巡检机器人', 'Inspection robot', '机器人位置、巡检路线与实时画面', "the robot's position, route and live video"),
      p('DevMonitor', 'DevMonitor', '实时数据监测', 'Real-time monitoring', '各回路电压、电流、功率', 'voltage, current and power per circuit'),
      p('ErgMonitor', 'ErgMonitor', '储能监测', 'Energy storage monitoring', '电池簇的 SOC、充放电功率与温度', 'SOC, charge/discharge power and temperature of each battery rack'),
      p('ElectricFire', 'ElectricFire', '电气火灾监测', 'Electrical fire monitoring', '剩余电流与线缆温度', 'residual current and cable temperatures'),
      p('AuxControl', 'AuxControl', '环境辅控', 'Environment control', '温湿度、水浸、烟感与风机空调状态', 'temperature, humidity, water, smoke and fan/AC status'),
      p('DevControl', 'DevControl', '遥控遥调', 'Remote control', '可遥控的开关与可调的设定值', 'switchable breakers and adjustable set-points'),
      p('SecMonitor', 'SecMonitor', '安防监控', 'Security monitoring', '门禁与摄像头画面', 'access control and camera views'),
      p('EvnManage', 'EvnManage', '事件管理', 'Events', '本站告警、故障与消息事件', "this site's alarm, fault and message events", { page: 'events' }),
      {
        key: 'AnalReport',
        path: 'AnalReport',
        zh: '分析报告',
        en: 'Analysis reports',
        nobj: true,
        children: [
          p('HisStatistics', '', '历史统计', 'History statistics', '按日、月、年统计的电量与最值', 'energy and extremes by day, month and year'),
          p('HisdataCts', 'HisdataCts', '历史曲线', 'History curves', '所选测点的历史曲线', 'history curves of the chosen points'),
          p('SpecAnaly', 'SpecAnaly', '专项分析报告', 'Special analysis', '电能质量、负载率等专项分析', 'power quality, load factor and other special analyses'),
        ],
      },
    ],
  },
  {
    key: 'EnergyManage',
    path: '/EnergyManage',
    zh: '能效管理',
    en: 'Energy efficiency',
    nobj: true,
    children: [
      p('EnergyFlow', '', '能流图', 'Energy flow', '源、网、荷、储、充之间的能量流向', 'energy flows between sources, grid, loads, storage and chargers'),
      p('NewEnergyOverview', 'NewEnergyOverview', '新能源概览', 'New energy overview', '光伏与风电的发电量和收益', 'PV and wind generation and revenue'),
      p('NewEnergyStats', 'NewEnergyStats', '新能源统计', 'New energy statistics', '按时段统计的发电量', 'generation by period'),
      p('NewEnergyReadings', 'NewEnergyReadings', '新能源数据采集', 'New energy readings', '发电计量表的抄表数据', 'generation meter readings'),
      p('NewEnergyMom', 'NewEnergyMom', '新能源环比', 'New energy month-on-month', '发电量的环比变化', 'month-on-month change of generation'),
      p('NewEnergyYoy', 'NewEnergyYoy', '新能源同比', 'New energy year-on-year', '发电量的同比变化', 'year-on-year change of generation'),
      p('StorageCharge', 'StorageCharge', '储能充电概览', 'Storage charging', '储能充电量与充电时段', 'energy charged into storage and when'),
      p('StorageDischarge', 'StorageDischarge', '储能放电概览', 'Storage discharging', '储能放电量与放电时段', 'energy discharged from storage and when'),
      p('StorageReadings', 'StorageReadings', '储能抄表', 'Storage readings', '储能计量表的抄表数据', 'storage meter readings'),
      p('StorageMonth', 'StorageMonth', '储能月报', 'Storage by month', '按月统计的充放电量', 'charge and discharge by month'),
      p('StorageYear', 'StorageYear', '储能年报', 'Storage by year', '按年统计的充放电量', 'charge and discharge by year'),
      p('PowerOverview', 'PowerOverview', '用电概览', 'Power use overview', '总用电量、峰谷分布与负荷', 'total use, peak/off-peak split and load'),
      p('PowerStats', 'PowerStats', '用电统计', 'Power use statistics', '各支路按时段统计的用电量', 'use per branch by period'),
      p('PowerReadings', 'PowerReadings', '用电抄表', 'Power readings', '电表抄表数据', 'meter readings'),
      p('PowerMonth', 'PowerMonth', '用电月报', 'Power use by month', '按月统计的用电量', 'use by month'),
      p('PowerYear', 'PowerYear', '用电年报', 'Power use by year', '按年统计的用电量', 'use by year'),
      p('PowerLoss', 'PowerLoss', '损耗分析', 'Loss analysis', '变压器与线路损耗', 'transformer and line losses'),
      p('PowerExpense', 'PowerExpense', '电费报表', 'Expense report', '按电价时段计算的电费', 'electricity cost by tariff period'),
      p('BranchSet', 'BranchSet', '支路结构配置', 'Branch structure', '用电支路的层级结构', 'the hierarchy of consumption branches'),
      p('NewEnergyStructSet', 'NewEnergyStructSet', '新能源结构配置', 'New energy structure', '光伏与风电的计量结构', 'metering structure of PV and wind'),
      p('StorageStructSet', 'StorageStructSet', '储能结构配置', 'Storage structure', '储能系统的计量结构', 'metering structure of the storage system'),
      p('FlowSet', 'FlowSet', '能流图配置', 'Energy flow setup', '能流图的节点与连线', 'nodes and links of the energy flow diagram'),
      p('LoopSet', 'LoopSet', '源网荷储充回路配置', 'Source-grid-load-storage-charging loops', '各类回路与计量点的对应关系', 'which meter belongs to which loop'),
    ],
  },
  {
    key: 'OperMainte',
    path: '/OperMainte',
    zh: '运维管理',
    en: 'Operations',
    nobj: true,
    children: [
      p('InspectTask', '', '例行巡检', 'Routine inspection', '本站巡检任务与结果', "this site's inspection tasks and results"),
      p('ReleaseInspect', 'ReleaseInspect', '发布巡检', 'Publish inspection', '新建并发布巡检任务', 'creating and publishing inspection tasks'),
      p('SolveTask', 'SolveTask', '消缺任务', 'Defect elimination', '本站缺陷工单', "this site's defect work orders"),
    ],
  },
  p('RunReport', '/RunReport', '运行报告', 'Operation reports', '月度运行报告', 'monthly operation reports'),
  p('Ledger', '/Ledger', '设备台账', 'Equipment ledger', '设备档案、铭牌参数与维护记录', 'equipment records, nameplate data and maintenance history'),
  p('FacerecManage', '/FacerecManage', '人脸库', 'Face library', '门禁人脸识别的人员库', 'people enrolled for face-recognition access'),
  {
    key: 'RunSetup',
    path: '/RunSetup',
    zh: '运行配置',
    en: 'Run configuration',
    nobj: true,
    children: [
      setup('StationSet', '站点设置', 'Station', '站点基本信息与坐标', 'basic station data and coordinates'),
      setup('AlarmRuleSet', '告警规则', 'Alarm rules', '越限、变化率等告警规则', 'limit and rate-of-change alarm rules'),
      setup('DevMonitorSet', '设备监测配置', 'Device monitoring', '监测设备与测点', 'monitored devices and points'),
      setup('DevTemplateSet', '设备监测模板', 'Monitoring templates', '设备测点模板', 'device point templates'),
      setup('SingleLineSet', '一次接线图', 'Single-line diagram', '一次接线图的图元与绑定', 'single-line diagram symbols and bindings'),
      setup('AuxDeviceSet', '辅控设备', 'Auxiliary devices', '环境辅控设备', 'environment auxiliary devices'),
      setup('RemoteCtrlSet', '遥控配置', 'Remote control', '可遥控对象与权限', 'controllable objects and permissions'),
      setup('SecMonitorSet', '安防监控配置', 'Security monitoring', '摄像头与门禁', 'cameras and door controllers'),
      setup('RobotSet', '机器人配置', 'Robot', '巡检机器人及其巡检点', 'the inspection robot and its stops'),
      setup('MonthReportSet', '月度运行报告配置', 'Monthly report', '月报内容与接收人', 'monthly report contents and recipients'),
      setup('BuildPowerSet', '楼宇电力配置', 'Building power', '楼宇电力回路', 'building power circuits'),
      setup('BuildWaterSet', '楼宇给水配置', 'Building water', '楼宇水表', 'building water meters'),
      setup('BuildAirSet', '楼宇空调配置', 'Building air-conditioning', '空调机组', 'air-conditioning units'),
      setup('BuildOutdoorSet', '室外机配置', 'Outdoor units', '空调室外机', 'outdoor AC units'),
      setup('BuildGroupSet', '楼栋与楼层', 'Buildings and floors', '楼栋、楼层与分组', 'buildings, floors and groups'),
      setup('BillingSet', '计费配置', 'Billing', '电价与分时时段', 'tariffs and time-of-use periods'),
      setup('DataEntrySet', '数据录入', 'Data entry', '手工录入的数据', 'manually entered data'),
      setup('IeElecSet', '综合能源·电', 'Integrated energy: electricity', '电计量点', 'electricity meters'),
      setup('IeElecTypeSet', '综合能源·电类型', 'Electricity types', '电的用能分类', 'electricity use categories'),
      setup('IeWaterSet', '综合能源·水', 'Integrated energy: water', '水计量点', 'water meters'),
      setup('IeWaterTypeSet', '综合能源·水类型', 'Water types', '水的用能分类', 'water use categories'),
      setup('IeGasSet', '综合能源·气', 'Integrated energy: gas', '燃气计量点', 'gas meters'),
      setup('IeGasTypeSet', '综合能源·气类型', 'Gas types', '燃气用能分类', 'gas use categories'),
      setup('IeHeatSet', '综合能源·热', 'Integrated energy: heat', '热计量点', 'heat meters'),
      setup('IeHeatTypeSet', '综合能源·热类型', 'Heat types', '热的用能分类', 'heat use categories'),
      setup('PvSet', '光伏配置', 'PV', '光伏阵列与逆变器', 'PV arrays and inverters'),
      setup('FanSet', '风机配置', 'Wind turbines', '风电机组', 'wind turbines'),
      setup('EssSet', '储能配置', 'Energy storage', '储能系统与电池簇', 'storage systems and racks'),
      setup('ChargeSet', '充电站配置', 'Charging station', '充电桩与计费', 'chargers and their billing'),
      setup('FireLoopSet', '电气火灾回路', 'Fire monitoring loops', '电气火灾监测回路', 'electrical fire monitoring loops'),
      setup('ArcFaultSet', '故障电弧', 'Arc fault', '故障电弧探测器', 'arc-fault detectors'),
    ],
  },
  { key: 'UserCenter', path: '/UserCenter', zh: '用户中心', en: 'User centre', nobj: true, children: userCentreChildren('Uc') },
];

export const workerPages: PageDef[] = [
  { key: 'WorkerHome', path: '/WorkerHome', zh: '工作台', en: 'Workbench', page: 'workerHome', nobj: true },
  p('WorkerInspect', '/WorkerInspect', '巡检任务', 'Inspections', '分配给我的巡检任务', 'inspection tasks assigned to me'),
  p('WorkerInspectForm', '/WorkerInspectForm', '开始巡检', 'Start inspection', '逐项填写的巡检表单', 'the inspection form, item by item', { hideInMenu: true }),
  p('WorkerSolve', '/WorkerSolve', '消缺任务', 'Defects', '分配给我的消缺工单', 'defect work orders assigned to me'),
  p('WorkerEvent', '/WorkerEvent', '消息', 'Messages', '我负责站点的告警与故障', 'alarms and faults of my sites', { page: 'events' }),
  p('WorkerUser', '/WorkerUser', '我的', 'Me', '个人资料与设置', 'personal data and settings'),
];

export const AREA_HOME: Record<Area, string> = { centre: '/CentreHome', site: '/SiteHome', worker: '/WorkerHome' };

/** Every page keyed by `key`, with its area and parent chain (for breadcrumbs). */
export interface PageEntry {
  def: PageDef;
  area: Area;
  parents: PageDef[];
}

export function indexPages(): Map<string, PageEntry> {
  const out = new Map<string, PageEntry>();
  const walk = (defs: PageDef[], area: Area, parents: PageDef[]) => {
    for (const d of defs) {
      out.set(d.key, { def: d, area, parents });
      if (d.children) walk(d.children, area, [...parents, d]);
    }
  };
  walk(centrePages, 'centre', []);
  walk(sitePages, 'site', []);
  walk(workerPages, 'worker', []);
  return out;
}

/** The i18n bundle of every page title and empty-state sentence. */
export function pagesBundle() {
  const zh: Record<string, { title: string; what?: string }> = {};
  const en: Record<string, { title: string; what?: string }> = {};
  for (const [key, { def }] of indexPages()) {
    zh[key] = { title: def.zh, ...(def.whatZh ? { what: def.whatZh } : {}) };
    en[key] = { title: def.en, ...(def.whatEn ? { what: def.whatEn } : {}) };
  }
  return { zh, en };
}
