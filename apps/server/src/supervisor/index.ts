/** Supervised long-lived services (IMAP IDLE per mailbox, ...) with database leases, and the background write lane. */
export { defineService, type ServiceDefinition, type ServiceRunTools } from './service.js';
export { Supervisor, type SupervisorOptions } from './supervisor.js';
export { createWriteLane, WRITE_LANE_DEFAULTS, type WriteBatch, type WriteLane, type WriteLaneOptions } from './write-lane.js';
export { findLeases, type LeaseRow } from './leases.repository.js';
