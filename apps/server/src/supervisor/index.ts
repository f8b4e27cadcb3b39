/** Supervised long-lived services (IMAP IDLE per mailbox, ...) with database leases, and the background write lane. */
export { defineService, type ServiceDefinition, type ServiceRunTools, type WriteBatch, type WriteLane } from '../lib/service-definition.js';
export { Supervisor, type SupervisorOptions } from './supervisor.js';
export { createWriteLane, WRITE_LANE_DEFAULTS, type WriteLaneOptions } from './write-lane.js';
export { findLeases, type LeaseRow } from './leases.repository.js';
