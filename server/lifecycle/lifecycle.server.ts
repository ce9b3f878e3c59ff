/** What the process tells its health checks: set to draining once SIGTERM arrived (server/index.ts). */
export type Lifecycle = { draining: boolean };
