import type { Kysely } from "kysely";
import { isPostgres } from "../database.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Vulnerability reports with a human-readable reference and a triage status.
  await db.schema
    .createTable("security_reports")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("reporter_name", "text", (col) => col.notNull())
    .addColumn("reporter_email", "text", (col) => col.notNull())
    .addColumn("company", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("asset_affected", "text", (col) => col.notNull())
    .addColumn("vulnerability_title", "text", (col) => col.notNull())
    .addColumn("vrt_category", "text", (col) => col.notNull())
    .addColumn("vrt_subcategory", "text", (col) => col.notNull())
    .addColumn("weakness_type", "text", (col) => col.notNull())
    .addColumn("severity", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("reproduction_steps", "text", (col) => col.notNull())
    .addColumn("impact", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  // The triage inbox: newest first.
  await db.schema
    .createIndex("security_reports_created_at")
    .on("security_reports")
    .column("created_at")
    .execute();

  // The files, bytes included, so app processes stay stateless.
  await db.schema
    .createTable("report_attachments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("report_id", "text", (col) =>
      col.notNull().references("security_reports.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("filename", "text", (col) => col.notNull())
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("sha256", "text", (col) => col.notNull())
    .addColumn("data", isPostgres(db) ? "bytea" : "blob", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("report_attachments_report_id")
    .on("report_attachments")
    .columns(["report_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("report_attachments").execute();
  await db.schema.dropTable("security_reports").execute();
}
