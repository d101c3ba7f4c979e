import { projectQuery } from '../api/distribution.js';
import {
  cameraListResponse,
  captureListQuery,
  captureListResponse,
  robotInspectionQuery,
  robotInspectionResponse,
  robotListResponse,
} from '../api/distributionControl.js';
import { defineRoute } from './define.js';

/** Security monitoring (/SecMonitor: cameras and captures) and the inspection robot (/RobMonitor). */
export const securityApi = {
  cameras: defineRoute({
    method: 'GET',
    path: '/api/v6/security/cameras',
    tags: ['security'],
    summary: 'Cameras of a site with online state and latest capture',
    query: projectQuery,
    data: cameraListResponse,
  }),
  captures: defineRoute({
    method: 'GET',
    path: '/api/v6/security/captures',
    tags: ['security'],
    summary: 'Capture history with images, newest first, paged',
    query: captureListQuery,
    data: captureListResponse,
  }),
  robots: defineRoute({
    method: 'GET',
    path: '/api/v6/robot/list',
    tags: ['robot'],
    summary: 'Inspection robots of a site: state, battery, route position, task progress',
    query: projectQuery,
    data: robotListResponse,
  }),
  inspections: defineRoute({
    method: 'GET',
    path: '/api/v6/robot/inspections',
    tags: ['robot'],
    summary: 'Inspection records with readings, newest first, paged',
    query: robotInspectionQuery,
    data: robotInspectionResponse,
  }),
};
