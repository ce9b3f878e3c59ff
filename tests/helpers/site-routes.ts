import siteRoutes from "../../app/routes";

/** The build's route manifest (`build.routes`), as React Router makes it from app/routes.ts. */
export function siteRouteManifest() {
  type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: "root", path: "" },
  };
  const add = (entries: Entry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index };
      add(entry.children ?? [], id);
    }
  };
  add(siteRoutes as Entry[], "root");
  return manifest;
}
