/**
 * The operator CLI: `npm run admin -- <command>`. Each command opens the configured database,
 * does its work and closes it again.
 */
import { loadConfig, type Config } from "./config.server";
import { createDatabase, type AppDatabase } from "./db/database.server";
import { migrateToLatest } from "./db/migrate.server";

type CommandContext = { config: Config; db: AppDatabase; args: string[] };

type Command = {
  summary: string;
  run: (context: CommandContext) => Promise<void>;
};

const commands: Record<string, Command> = {
  migrate: {
    summary: "apply pending database migrations",
    async run({ db }) {
      const applied = await migrateToLatest(db);
      console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
    },
  },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(14)}${command.summary}`);
  return `Usage: npm run admin -- <command>\n\nCommands:\n${lines.join("\n")}`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n\n${usage()}` : usage());
    return 2;
  }
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    // Every command works on an up-to-date schema.
    if (name !== "migrate") await migrateToLatest(db);
    await command.run({ config, db, args });
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error && error.name === "ConfigError" ? error.message : error);
    process.exit(1);
  },
);
