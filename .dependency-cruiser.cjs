/**
 * The dependency rules `npm run depcheck` enforces (README "Architecture"): no import cycles, and
 * imports point one way through the layers below, from a later layer to an earlier one only.
 */
// Layers, lowest first. A module may import its own layer and any earlier one, never a later one.
const layers = [
  { name: "core", path: "^src/core/" },
  { name: "config", path: "^src/config/" },
  { name: "http-primitives", path: "^src/http/" },
  // The catalog domain, itself ordered: parsing, game identity and records, then import/search/db/audit, then build, then the store.
  { name: "catalog-model", path: "^src/catalog/(names|dat|platforms|identity|artwork|record)/" },
  { name: "catalog-data", path: "^src/catalog/(db|import|search|audit)/" },
  // The build, with what it writes beside the records: the change log and the platform dumps.
  { name: "catalog-build", path: "^src/catalog/(build|changes|dumps)/" },
  { name: "catalog-store", path: "^src/catalog/store/" },
  // Features.
  { name: "features", path: "^src/(match|releases|shared-state)/" },
  // Surfaces: HTTP routes, OAuth pages and the website, then discovery (which describes them), then the agents (which use both).
  { name: "surfaces", path: "^src/(catalog/routes|oauth|deploy|site)/" },
  { name: "discovery", path: "^src/discovery/" },
  { name: "agents", path: "^src/agents/" },
  // Composition: the build pipeline, the server and `ludex scan` (matcher and client together), then the CLI, the benches and the Astro pages and middleware.
  { name: "composition", path: "^src/(pipeline|server|scan)/" },
  { name: "entry-points", path: "^(scripts/|src/pages/|src/layouts/|src/(env\\.d|middleware)\\.ts$)" },
];

const layerRules = layers.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.name} must not import a later layer (${layers
    .slice(i + 1)
    .map((l) => l.name)
    .join(", ")})`,
  severity: "error",
  from: { path: layer.path },
  to: { path: layers.slice(i + 1).map((l) => l.path) },
}));

// src/match/ by role, lowest first: the same rule as the layers, within the feature.
const matchRoles = ["schema", "index", "engine", "route"];
const matchRoleRules = matchRoles.slice(0, -1).map((role, i) => ({
  name: `match-${role}`,
  comment: `src/match/${role}/ must not import a later role of src/match/ (${matchRoles.slice(i + 1).join(", ")})`,
  severity: "error",
  from: { path: `^src/match/${role}/` },
  to: { path: matchRoles.slice(i + 1).map((later) => `^src/match/${later}/`) },
}));

module.exports = {
  forbidden: [
    { name: "no-circular", comment: "no import cycles", severity: "error", from: {}, to: { circular: true } },
    {
      name: "in-a-layer",
      comment: "every module under src/ or scripts/ belongs to a layer of .dependency-cruiser.cjs",
      severity: "error",
      from: { path: "^(src|scripts)/", pathNot: layers.map((l) => l.path) },
      to: {},
    },
    {
      name: "capabilities-not-astro",
      comment: "capabilities do not import Astro (pages are thin routes over src/)",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(pages|layouts)/|^src/(env\\.d|middleware)\\.ts$" },
      to: { path: "(^|/)node_modules/astro/|\\.astro$" },
    },
    {
      name: "src-not-tests-or-scripts",
      comment: "src/ does not import tests/ or scripts/",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(tests|scripts)/" },
    },
    ...layerRules,
    ...matchRoleRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    extraExtensionsToScan: [".astro"],
  },
};
