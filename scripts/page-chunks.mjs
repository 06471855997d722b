// The client build's shared chunks. Left to itself the bundler splits what every page loads into a dozen small chunks
// (each route is an entry of its own: it cannot know that the root and the workspace layout always load with it), each
// a request of its own, compressed apart. This plugin puts what the root and the client entry statically import into
// two chunks (the libraries, the app's own code) and what the workspace layout adds into a third. The walk sees the
// imports before unused code is dropped: a grouped module that imports a file for one small helper brings the whole
// file along, so such helpers live in files of their own (the skip link).

const ROOT = /[\\/]app[\\/]root\.tsx\?/;
const CLIENT_ENTRY = /[\\/]entry\.client\.tsx$/;
const WORKSPACE_LAYOUT = /[\\/]app[\\/]routes[\\/]workspace[\\/]_layout\.tsx\?/;
const PACKAGE = /[\\/]node_modules[\\/]/;
// The icon library's index names every icon: it is not followed. The bundler adds the icons a grouped module uses.
const ICON_INDEX = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** A Vite plugin grouping the modules every page loads, and those every workspace page loads, into three chunks. */
export function pageChunks() {
  const groups = new Map();
  const codeSplitting = { groups: [{ name: (id) => groups.get(id) ?? null, debugName: "page-chunks" }] };
  return {
    name: "sellkit:page-chunks",
    apply: "build",
    config: (_config, env) =>
      env.isSsrBuild ? undefined : { build: { rolldownOptions: { output: { codeSplitting } } } },
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const imported = (test) => {
        const seen = new Set(entries.filter(test));
        for (const id of seen)
          if (!ICON_INDEX.test(id)) for (const next of this.getModuleInfo(id)?.importedIds ?? []) seen.add(next);
        for (const id of seen) if (ICON_INDEX.test(id) || this.getModuleInfo(id)?.isEntry) seen.delete(id);
        return seen;
      };
      const everyPage = imported((id) => ROOT.test(id) || CLIENT_ENTRY.test(id));
      groups.clear();
      for (const id of imported((id) => WORKSPACE_LAYOUT.test(id))) if (!everyPage.has(id)) groups.set(id, "workspace");
      for (const id of everyPage) groups.set(id, PACKAGE.test(id) ? "runtime" : "shell");
    },
  };
}
