import {
  ieAssignRequest,
  ieAssignResponse,
  ieCategory,
  ieCategoryCreate,
  ieCategoryDelete,
  ieCategoryIdParams,
  ieCategoryList,
  ieCategoryUpdate,
  ieListRequest,
  ieMeterList,
} from '../api/ieSets.js';
import { z } from 'zod';
import { defineRoute } from './define.js';

const tags = ['energy-config'];

/** /RunSetup/Ie*Set: use categories of each energy type and the meters that measure them. */
export const ieSetsApi = {
  categories: defineRoute({
    method: 'GET',
    path: '/api/v6/ie/categories',
    tags,
    summary: "A site's use categories of one energy type (the built-in ones are created on first read)",
    query: ieListRequest,
    data: ieCategoryList,
  }),
  createCategory: defineRoute({
    method: 'POST',
    path: '/api/v6/ie/categories',
    tags,
    summary: 'Add a use category (names unique within the energy type)',
    permission: 'configure',
    body: ieCategoryCreate,
    data: ieCategory,
  }),
  updateCategory: defineRoute({
    method: 'PUT',
    path: '/api/v6/ie/categories/:id',
    tags,
    summary: 'Rename or reorder a use category (version check)',
    permission: 'configure',
    params: ieCategoryIdParams,
    body: ieCategoryUpdate,
    data: ieCategory,
  }),
  deleteCategory: defineRoute({
    method: 'DELETE',
    path: '/api/v6/ie/categories/:id',
    tags,
    summary: 'Delete a use category no meter is assigned to (version check)',
    permission: 'configure',
    params: ieCategoryIdParams,
    query: ieCategoryDelete,
    data: z.object({ id: z.number().int() }),
  }),
  meters: defineRoute({
    method: 'GET',
    path: '/api/v6/ie/meters',
    tags,
    summary: 'The metering tree of one energy type with each node’s use category',
    query: ieListRequest,
    data: ieMeterList,
  }),
  assign: defineRoute({
    method: 'PUT',
    path: '/api/v6/ie/meters',
    tags,
    summary: 'Save which meter measures which use category (whole energy type at once; no double counting)',
    permission: 'configure',
    body: ieAssignRequest,
    data: ieAssignResponse,
  }),
};
