import { ANALYTICS_PATH, changeOf, type AnalyticsReport } from "../../domain/analytics";
import { escapeHtml } from "../../domain/editor-content";
import type { Config } from "../config.server";
import type { OutgoingEmail } from "../mail/outbox.server";
import { OTHER_VALUE } from "./visit-sources.server";

/** Rows of each table in the email: the dashboard has the rest. */
export const WEEKLY_REPORT_ROWS = 10;

type SiteLinks = Pick<Config["public"], "siteUrl" | "siteName">;
type Figure = { label: string; value: number; before: number };
type Row = { label: string; href?: string; figures: string };
type Table = { title: string; empty: string; rows: Row[] };

const numberFormat = new Intl.NumberFormat("en-US");
const count = (value: number, one: string, many: string) => `${numberFormat.format(value)} ${value === 1 ? one : many}`;

/** "+25% against the week before (8)", "new this week", "no change". */
function changeText({ value, before }: Figure): string {
  const percent = changeOf(value, before);
  if (percent === undefined) return "new this week (none the week before)";
  if (percent === 0 && value === before) return `no change against the week before`;
  const sign = percent > 0 ? "+" : percent < 0 ? "−" : "±";
  return `${sign}${Math.abs(percent)}% against the week before (${numberFormat.format(before)})`;
}

/** The dashboard showing the report's week, as an absolute address on the site. */
export function dashboardUrl(site: SiteLinks, report: Pick<AnalyticsReport, "from" | "to">): string {
  return `${site.siteUrl}${ANALYTICS_PATH}?${new URLSearchParams({ from: report.from, to: report.to }).toString()}`;
}

/** A counted page's public address, when it is one of the site's (not "(not found)" or "(other)"). */
function pageUrl(site: SiteLinks, path: string): string | undefined {
  if (!path.startsWith("/") || path.startsWith("//")) return undefined;
  const url = new URL(`${site.siteUrl}${path}`);
  return url.origin === new URL(site.siteUrl).origin ? url.href : undefined;
}

function sourceName(host: string): string {
  return host === "" ? "Direct" : host === OTHER_VALUE ? "Other sources" : host;
}

function tablesOf(site: SiteLinks, report: AnalyticsReport): Table[] {
  const pages = report.pages.filter((row) => row.views > 0).slice(0, WEEKLY_REPORT_ROWS);
  return [
    {
      title: "Top pages",
      empty: "No page views this week.",
      rows: pages.map((row) => ({
        // Articles by their title; other pages by their address, which says more in a short list.
        label: row.path === OTHER_VALUE ? "Other pages" : row.post_id !== undefined && row.title ? row.title : row.path,
        href: pageUrl(site, row.path),
        figures: `${count(row.views, "view", "views")}, ${count(row.visitors, "visitor", "visitors")}, ${count(row.leads, "lead", "leads")}`,
      })),
    },
    {
      title: "Top sources",
      empty: "No visitors this week.",
      rows: report.sources.slice(0, WEEKLY_REPORT_ROWS).map((row) => ({
        label: sourceName(row.host),
        figures: `${count(row.visitors, "visitor", "visitors")}, ${count(row.leads, "lead", "leads")}`,
      })),
    },
    {
      title: "Top campaigns",
      empty: "No campaign visits this week.",
      rows: report.campaigns.slice(0, WEEKLY_REPORT_ROWS).map((row) => ({
        label: [row.source, row.medium, row.campaign].map((part) => part || "—").join(" / "),
        figures: `${count(row.visitors, "visitor", "visitors")}, ${count(row.leads, "lead", "leads")}`,
      })),
    },
  ];
}

/**
 * The weekly analytics email (docs/decisions/186) of one week's report, as the dashboard's API
 * answers it: visitors, page views and leads against the week before, the top pages (articles by
 * title), sources with their leads and campaigns, and the dashboard's address for that week. A
 * text part and an HTML part, every value escaped in the HTML.
 */
export function weeklyReportEmail(site: SiteLinks, report: AnalyticsReport, to: string): OutgoingEmail {
  const figures: Figure[] = [
    { label: "Visitors", value: report.visitors, before: report.previous.visitors },
    { label: "Page views", value: report.views, before: report.previous.views },
    { label: "Leads", value: report.leads, before: report.previous.leads },
  ];
  const tables = tablesOf(site, report);
  const dashboard = dashboardUrl(site, report);
  const heading = `${site.siteName} analytics, ${report.from} to ${report.to} (UTC)`;
  return {
    to,
    subject: `Weekly analytics for ${site.siteName}: ${report.from} to ${report.to}`,
    text: textPart(heading, figures, tables, dashboard),
    html: htmlPart(heading, figures, tables, dashboard),
  };
}

function textPart(heading: string, figures: Figure[], tables: Table[], dashboard: string): string {
  const lines = [heading, ""];
  for (const figure of figures) lines.push(`${figure.label}: ${numberFormat.format(figure.value)} (${changeText(figure)})`);
  for (const table of tables) {
    lines.push("", table.title);
    if (table.rows.length === 0) lines.push(`  ${table.empty}`);
    table.rows.forEach((row, index) => lines.push(`  ${index + 1}. ${row.label}: ${row.figures}`));
  }
  lines.push("", `The dashboard for this week: ${dashboard}`);
  return lines.join("\n");
}

const CELL = 'style="padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:left"';

function htmlPart(heading: string, figures: Figure[], tables: Table[], dashboard: string): string {
  const e = escapeHtml;
  const tiles = figures
    .map(
      (figure) =>
        `<tr><th scope="row" ${CELL}>${e(figure.label)}</th><td ${CELL}><strong>${e(numberFormat.format(figure.value))}</strong></td><td ${CELL}>${e(changeText(figure))}</td></tr>`,
    )
    .join("");
  const sections = tables
    .map((table) => {
      const rows =
        table.rows.length === 0
          ? `<p>${e(table.empty)}</p>`
          : `<table style="border-collapse:collapse"><tbody>${table.rows
              .map((row) => {
                const label = row.href ? `<a href="${e(row.href)}">${e(row.label)}</a>` : e(row.label);
                return `<tr><td ${CELL}>${label}</td><td ${CELL}>${e(row.figures)}</td></tr>`;
              })
              .join("")}</tbody></table>`;
      return `<h2 style="font-size:16px;margin:24px 0 8px">${e(table.title)}</h2>${rows}`;
    })
    .join("");
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>',
    e(heading),
    '</title></head><body style="font-family:Arial,sans-serif;color:#0f172a">',
    `<h1 style="font-size:20px">${e(heading)}</h1>`,
    `<table style="border-collapse:collapse"><tbody>${tiles}</tbody></table>`,
    sections,
    `<p style="margin-top:24px"><a href="${e(dashboard)}">Open the dashboard for this week</a></p>`,
    "</body></html>",
  ].join("");
}
