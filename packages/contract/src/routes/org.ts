import { z } from 'zod';
import { dbIdParam } from '../ids.js';
import { orgNode, project, projectListRequest, projectListResponse } from '../api/org.js';
import { defineRoute } from './define.js';

const tags = ['org'];

export const orgApi = {
  tree: defineRoute({
    method: 'GET',
    path: '/api/v6/org/tree',
    tags,
    summary: 'Organisation tree with projects, scoped to the caller',
    data: z.array(orgNode),
  }),
  projects: defineRoute({
    method: 'GET',
    path: '/api/v6/project/list',
    tags,
    summary: 'Projects (sites) in scope, paged',
    query: projectListRequest,
    data: projectListResponse,
  }),
  project: defineRoute({
    method: 'GET',
    path: '/api/v6/project/:id',
    tags,
    summary: 'One project',
    params: z.object({ id: dbIdParam }),
    data: project,
  }),
};
