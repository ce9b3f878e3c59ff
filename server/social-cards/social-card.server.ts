import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import satori from "satori";
import { Resvg } from "@resvg/resvg-js";
import type { AppDatabase } from "../db/database.server";
import { storeCard, storedCard } from "./card-store.server";

/**
 * A social card for every post without an image of its own (docs/decisions/160-social-cards.md):
 * 1200x630, the post's title, category and author with the site's name, in the brand's colours
 * and font (Inter). Laid out by satori to SVG (text as paths, so no font is needed to draw it),
 * turned into PNG by resvg, made on the first request and stored by the SHA-256 of what it shows:
 * a renamed title is a new address, and an unchanged card is never made twice.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Changes when the card's design changes: every card then gets a new address. */
const CARD_DESIGN = "1";
/** Characters of a title drawn at most; satori's line clamp ends what is left with an ellipsis. */
const TITLE_MAX_CHARS = 160;

export type CardContent = { title: string; category: string; author: string; siteName: string };

/** What a post's card shows. */
export function cardContent(post: { title: string; category: string; author_name: string }, siteName: string): CardContent {
  return { title: post.title, category: post.category, author: post.author_name, siteName };
}

/** The key of a card: the SHA-256 of its design and everything it shows. */
export function cardKey(content: CardContent): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([CARD_DESIGN, content.title, content.category, content.author, content.siteName]))
    .digest("hex");
}

/** The card's address: the post's slug for finding what to draw, the key for what it shows. */
export function cardPath(slug: string, content: CardContent): string {
  return `/media/cards/${slug}/${cardKey(content)}.png`;
}

const require = createRequire(import.meta.url);
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"];

/** Each subset a family of its own: satori keeps one font per family and weight, and falls back along the list. */
const familyOf = (subset: string) => (subset === "latin" ? "Inter" : `Inter ${subset}`);
const FONT_FAMILY = SUBSETS.map((subset) => `"${familyOf(subset)}"`).join(", ");

type Font = { name: string; data: Buffer; weight: 400 | 700; style: "normal" };
let fonts: Font[] | undefined;

/** Inter's static WOFF files (satori reads no WOFF2), every subset the package has, read once. */
function brandFonts(): Font[] {
  fonts ??= SUBSETS.flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({
      name: familyOf(subset),
      data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
      weight,
      style: "normal" as const,
    })),
  );
  return fonts;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | Node[] | string } };
const el = (type: string, style: Record<string, unknown>, children?: Node | Node[] | string): Node => ({ type, props: { style, children } });

function clip(text: string, max: number): string {
  const characters = [...text.trim()];
  return characters.length > max ? `${characters.slice(0, max - 1).join("").trimEnd()}…` : characters.join("");
}

/** The card as SVG. */
export async function cardSvg(content: CardContent): Promise<string> {
  const tree = el(
    "div",
    {
      // Satori sizes boxes without their padding and border: the inner size is given.
      width: CARD_WIDTH - 24 - 160,
      height: CARD_HEIGHT - 144,
      boxSizing: "content-box",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "72px 80px",
      backgroundImage: "linear-gradient(135deg, #eef2ff 0%, #ffffff 60%)",
      borderLeft: "24px solid #4338ca",
      fontFamily: FONT_FAMILY,
      color: "#0f172a",
    },
    [
      el("div", { display: "flex" }, [
        el(
          "div",
          { display: "flex", backgroundColor: "#4338ca", color: "#ffffff", borderRadius: 999, padding: "10px 28px", fontSize: 30, fontWeight: 700 },
          clip(content.category, 40),
        ),
      ]),
      el("div", { display: "flex", flexGrow: 1, alignItems: "center", padding: "24px 0" }, [
        el("div", { display: "block", fontSize: 60, fontWeight: 700, lineHeight: 1.15, lineClamp: 4, width: "100%" }, clip(content.title, TITLE_MAX_CHARS)),
      ]),
      el("div", { display: "flex", justifyContent: "space-between", alignItems: "center", fontSize: 32 }, [
        el("div", { display: "flex", color: "#334155" }, clip(content.author, 50)),
        el("div", { display: "flex", color: "#4338ca", fontWeight: 700 }, clip(content.siteName, 40)),
      ]),
    ],
  );
  return satori(tree as never, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: brandFonts() });
}

/**
 * The card as PNG. resvg draws it: sharp in this process decodes no SVG at all (decision 126 blocks
 * every decoder but those of the accepted upload types).
 */
export async function renderCard(content: CardContent): Promise<Buffer> {
  const svg = await cardSvg(content);
  const png = new Resvg(svg, { fitTo: { mode: "width", value: CARD_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
  return Buffer.from(png);
}

const rendering = new Map<string, Promise<Buffer>>();

/**
 * The stored card of this post and content, made and stored first if there is none. Concurrent
 * requests for one card in this process share one render; two processes racing store it once.
 */
export async function cardPng(db: AppDatabase, postId: string, content: CardContent): Promise<Buffer> {
  const key = cardKey(content);
  const stored = await storedCard(db, postId, key);
  if (stored) return stored;
  const renderKey = `${postId}/${key}`;
  let pending = rendering.get(renderKey);
  if (!pending) {
    pending = renderCard(content)
      .then(async (data) => {
        await storeCard(db, postId, key, data);
        return data;
      })
      .finally(() => rendering.delete(renderKey));
    rendering.set(renderKey, pending);
  }
  return pending;
}
