/**
 * Pages only the team sees (the admin area, a draft's preview link): never a visit's landing
 * page, never measured. The server knows them by route (server/cache/page-rules.server.ts); the
 * browser by this rule, in a module of its own because every page's script loads it.
 */
export function isTeamPath(pathname: string): boolean {
  return /^\/(admin|preview)(\/|$)/i.test(pathname);
}
