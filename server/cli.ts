/**
 * The operator CLI: `npm run admin -- <command>`. Each command opens the configured database,
 * does its work and closes it again.
 */
import readline from "node:readline";
import { setAdminPassword } from "./auth/admin-auth.server";
import { seedExamplePosts } from "./blog/example-posts.server";
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
  "set-password": {
    summary: "set the admin password (read from standard input) and end every admin session",
    async run({ db }) {
      const password = await readSecret("New admin password (at least 12 characters): ");
      if (password.length < 12) throw new Error("The password must be at least 12 characters long.");
      await setAdminPassword(db, password);
      console.log("The admin password was changed; every admin session was ended.");
    },
  },
  seed: {
    summary: "add a few clearly marked example blog posts (skips those already there)",
    async run({ db }) {
      const { created, skipped } = await seedExamplePosts(db);
      if (created.length) console.log(`Added example posts: ${created.join(", ")}`);
      if (skipped.length) console.log(`Already there: ${skipped.join(", ")}`);
    },
  },
};

/** Reads one line without echoing it when typed at a terminal; piped input works too. */
async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  const rl = readline.createInterface({ input, output: process.stdout, terminal: input.isTTY });
  if (input.isTTY) {
    process.stdout.write(prompt);
    (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
  }
  const line = await new Promise<string>((resolve) => rl.once("line", resolve).once("close", () => resolve("")));
  rl.close();
  if (input.isTTY) process.stdout.write("\n");
  return line.trim();
}

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
