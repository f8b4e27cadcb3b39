/** The icp-filters feature's public surface: nothing yet; other features reach ICPs over HTTP only. */
export {};
