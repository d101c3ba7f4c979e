import { weatherNowRequest, weatherNowResponse } from '../api/weather.js';
import { defineRoute } from './define.js';

export const weatherApi = {
  now: defineRoute({
    method: 'POST',
    readOnly: true,
    path: '/api/v6/weather/now',
    tags: ['energy'],
    summary:
      'Current weather at a site, fetched by the server from the configured provider (cached 10 minutes per site); with no key, the reason',
    body: weatherNowRequest,
    data: weatherNowResponse,
  }),
};
