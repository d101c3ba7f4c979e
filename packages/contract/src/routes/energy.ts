import { daySunInfo, daySunInfoRequest } from '../api/energy.js';
import { defineRoute } from './define.js';

export const energyApi = {
  daySunInfo: defineRoute({
    method: 'POST',
    readOnly: true,
    path: '/api/v6/energy/daySunInfo',
    tags: ['energy'],
    summary: "Sunrise, sunset, solar noon and day length at the project's coordinates today",
    body: daySunInfoRequest,
    data: daySunInfo,
  }),
};
