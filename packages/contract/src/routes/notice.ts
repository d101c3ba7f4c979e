import {
  eventNoticeList,
  noticeCount,
  orgNoticeRequest,
  projectNoticeListRequest,
  projectNoticeRequest,
  siteNoticeList,
} from '../api/notice.js';
import { defineRoute } from './define.js';

const tags = ['notice'];

/** The four notice calls of spec §7: pending-event counts and lists, by organisation or by project. */
export const noticeApi = {
  orgCount: defineRoute({
    method: 'POST',
    readOnly: true,
    path: '/api/v6/index/eventNotice',
    tags,
    summary: 'Pending events under an organisation',
    body: orgNoticeRequest,
    data: noticeCount,
  }),
  orgList: defineRoute({
    method: 'POST',
    readOnly: true,
    path: '/api/v6/index/eventNoticeList',
    tags,
    summary: 'Sites with pending events under an organisation',
    body: orgNoticeRequest,
    data: siteNoticeList,
  }),
  projectCount: defineRoute({
    method: 'POST',
    readOnly: true,
    path: '/api/v6/event/notice',
    tags,
    summary: 'Pending events of a project',
    body: projectNoticeRequest,
    data: noticeCount,
  }),
  projectList: defineRoute({
    method: 'POST',
    readOnly: true,
    path: '/api/v6/event/noticeList',
    tags,
    summary: 'Pending events of a project, newest first',
    body: projectNoticeListRequest,
    data: eventNoticeList,
  }),
};
