import { wallRequest, wallResponse } from '../api/wall.js';
import { defineRoute } from './define.js';

/** The operations-centre wall screen (docs/wall.md). */
export const wallApi = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/v6/wall',
    tags: ['wall'],
    summary: "The wall screen: every station with its live state, the portfolio's figures, load curve, top transformers, alarm ticker",
    query: wallRequest,
    data: wallResponse,
  }),
};
