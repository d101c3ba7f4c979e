import { z } from 'zod';
import { projectQuery } from '../api/distribution.js';
import { robotConfig, robotConfigList, robotCreate, robotDeleteQuery, robotIdParams, robotLiveList, robotStartRoundResult, robotUpdate } from '../api/robots.js';
import { defineRoute } from './define.js';

const tags = ['robot'];

/** /RunSetup/RobotSet (configuration) and /ElectricalRoom/RobMonitor (live state); docs/robot.md. */
export const robotApi = {
  live: defineRoute({
    method: 'GET',
    path: '/api/v6/robot/live',
    tags,
    summary: 'Robots of a site with plan, route, live position, battery, task and the latest stop readings vs limits',
    query: projectQuery,
    data: robotLiveList,
  }),
  configs: defineRoute({
    method: 'GET',
    path: '/api/v6/robot/configs',
    tags,
    summary: "A site's robot configurations and the rooms, gateways, cameras and devices they may bind",
    query: projectQuery,
    data: robotConfigList,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/v6/robot/configs',
    tags,
    summary: 'Add a robot (its device, reading points and their alarm rules come with it)',
    permission: 'configure',
    body: robotCreate,
    data: robotConfig,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/v6/robot/configs/:id',
    tags,
    summary: 'Edit a robot: plan, route, readings and limits (version check)',
    permission: 'configure',
    params: robotIdParams,
    body: robotUpdate,
    data: robotConfig,
  }),
  startRound: defineRoute({
    method: 'POST',
    path: '/api/v6/robot/configs/:id/startRound',
    tags,
    summary: "Start a round now (the robot's gateway gets robot_start_round; audited)",
    permission: 'control',
    params: robotIdParams,
    data: robotStartRoundResult,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/v6/robot/configs/:id',
    tags,
    summary: 'Delete a robot, its device and its reading rules (version check)',
    permission: 'configure',
    params: robotIdParams,
    query: robotDeleteQuery,
    data: z.object({ id: z.number().int() }),
  }),
};
