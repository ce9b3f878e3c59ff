import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The house's rules about who may import whom (docs/decisions/180-one-room-per-feature.md).
 * Tests are free to reach anything they test; the rules are about the code that runs.
 */
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "tests/**"];

/** A router (`*-api.server.ts`) is a leaf: only the table of doors, server/routes.server.ts, mounts it. */
const ROUTER = {
  regex: "-api\\.server$",
  message: "Routers are leaves: only server/routes.server.ts imports a *-api.server file; move what you need into the service.",
};

/** The feature rooms of server/ (everything but the process, config, db, limits, logger and http). */
const FEATURES = "admin|analytics|audit|blog|cache|contact|disclosure|lifecycle|mail|media|reports|search|social-cards";

/**
 * The rooms above the floors (docs/architecture.md): a floor (db, cache, http, limits, config,
 * lifecycle) is told what it needs by the composition root (server/app.ts, server/cli.ts) and
 * imports none of them.
 */
const ABOVE_FLOORS = "admin|analytics|audit|auth|blog|contact|disclosure|mail|media|pages|people|preview|reports|revisions|search|social-cards";
const FLOOR = {
  regex: `^(\\.{1,2}/)+(${ABOVE_FLOORS})/`,
  message: "A floor (db, cache, http, limits, config) imports no feature: have the composition root hand in what it needs.",
};

/** The server never imports the browser's code (copy the server needs lives in domain/ or server/). */
const NO_APP = { regex: "^(\\.\\./)+app/", message: "server/ imports nothing from app/: move what both need into domain/." };

/** The floors, each a folder of server/ (or config.server.ts beside them). */
const FLOORS = ["server/db/**/*.ts", "server/cache/**/*.ts", "server/limits/**/*.ts", "server/config/**/*.ts", "server/config.server.ts", "server/lifecycle/**/*.ts"];

/** One `no-restricted-imports` per group of files (a later block replaces an earlier one's options). */
function imports(...patterns) {
  return { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...patterns, ROUTER] }] };
}

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "test-results/", "playwright-report/"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    ignores: [...TESTS, "server/routes.server.ts"],
    rules: imports(),
  },
  {
    files: ["server/**/*.ts"],
    ignores: [...TESTS, "server/routes.server.ts"],
    rules: imports(NO_APP),
  },
  {
    files: FLOORS,
    ignores: TESTS,
    rules: imports(FLOOR, NO_APP),
  },
  {
    // Pure rules shared by browser and server: nothing but itself, its schema library and the
    // CVSS calculator that scores vectors the same on both sides (docs/decisions/195).
    files: ["domain/*.ts"],
    ignores: TESTS,
    rules: imports({ regex: "^(?!\\./|zod$|ae-cvss-calculator$)", message: "domain/ imports only domain/, zod and ae-cvss-calculator." }),
  },
  {
    // The site's copy (the specification's words, which the seeded pages and the app both read).
    files: ["domain/site-copy/*.ts"],
    ignores: TESTS,
    rules: imports({ regex: "^(?!\\.{1,2}/(?!\\.)|zod$)", message: "domain/ imports only domain/ and zod." }),
  },
  {
    files: ["domain/site-copy/legal/*.ts"],
    ignores: TESTS,
    rules: imports({ regex: "^(?!\\./|\\.\\./(?!\\.)|\\.\\./\\.\\./(?!\\.)|zod$)", message: "domain/ imports only domain/ and zod." }),
  },
  {
    // Browser code: server modules only for their types (erased from the bundle). The root is a
    // route module too: its loader reads the menus (docs/decisions/218).
    files: ["app/**/*.{ts,tsx}"],
    ignores: [...TESTS, "app/routes/**", "app/root.tsx", "app/**/*.server.{ts,tsx}"],
    rules: imports({
      regex: "^(\\.\\./)+server/",
      allowTypeImports: true,
      message: "app/ reaches server/ only through route modules' loaders and actions (import type is fine).",
    }),
  },
  {
    // Route modules: React Router strips loaders and actions from the browser build, and a
    // `.server` module cannot be bundled for it at all, so only `.server` modules.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: imports({
      regex: "^(\\.\\./)+server/.*(?<!\\.server)$",
      allowTypeImports: true,
      message: "A route module imports only *.server modules from server/.",
    }),
  },
  {
    // The toolbox: HTTP tools use the process's services (config, db, limits, logger) and the
    // admin sessions (requireAdmin), never a feature, and hold no router.
    files: ["server/http/**/*.ts"],
    ignores: TESTS,
    rules: {
      ...imports(
        {
          regex: `^\\.\\./((${FEATURES})/|routes\\.server$)`,
          message: "server/http/ holds HTTP tools only: it imports no feature (move the module into its feature's folder).",
        },
        FLOOR,
        NO_APP,
      ),
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='Router'], CallExpression[callee.name='Router']",
          message: "server/http/ holds no router: a feature's router lives in its folder and is listed in server/routes.server.ts.",
        },
      ],
    },
  },
  {
    // Declarative doors: a router's admin routes are declared through adminRoutes (the one
    // guard, and recordAudit naming who acted); the API table says `no-store` for every answer.
    files: ["server/**/*-api.server.ts"],
    ignores: [...TESTS, "server/lifecycle/health-api.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='router'][callee.property.name!='use'][arguments.0.value=/^\\/admin\\/(?!login|verify|invitations)/]",
          message: "An admin door is declared through adminRoutes (server/auth/admin-routes.server.ts), which guards it.",
        },
        {
          selector: "CallExpression[callee.object.name='audit'][callee.property.name='record']",
          message: "A door records its audit events with recordAudit(res, …): the guard names who acted and from where.",
        },
        {
          selector: "Literal[value='no-store']",
          message: "Every API answer is no-store already: the API table mounts noStore first (server/routes.server.ts).",
        },
      ],
    },
  },
  {
    // A report is what was received and what happened to it; its disclosure (case, triage,
    // replies) builds on it, never the reverse.
    files: ["server/reports/**/*.ts"],
    ignores: TESTS,
    rules: imports({ regex: "^\\.\\./disclosure/", message: "server/reports/ never imports server/disclosure/ (disclosure builds on reports)." }, NO_APP),
  },
);
