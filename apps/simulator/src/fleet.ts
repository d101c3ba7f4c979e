/**
 * The fleet's physics for other workspaces (the server's seeded history): `@gridops/simulator/fleet`.
 * Importing it starts nothing; main.ts is the command-line entry.
 */
export { SiteModel, siteSeedOf, type SiteDeviceDef, type SiteSampleOptions } from './models/site.js';
export { DRY_TYPE_LOSSES, LINE_LOSS, BACKFLOW_MARGIN, transformerLossKw, transformerRating } from './models/physics.js';
export { hashString } from './noise.js';
export { GatewaySim, type CommandResult } from './gatewaySim.js';
