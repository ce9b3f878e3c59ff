import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const p = await b.newPage();
for (const base of process.argv.slice(2)) {
  for (const u of ["/blog/the-30k-article", "/contact"]) {
    const ds = [];
    for (let i = 0; i < 15; i++) {
      await p.goto(base + u);
      const d = await p.evaluate(() => new Promise((res) => { const t0 = performance.now(); const f = () => { const el = document.querySelector("main button, main input"); if (el && Object.keys(el).some(k => k.startsWith("__reactFiber$"))) res(performance.now() - t0); else setTimeout(f, 2); }; f(); }));
      ds.push(Math.round(d));
    }
    ds.sort((a, b) => a - b);
    console.log(base, u, "ms from goto's end to hydration: median", ds[7], "max", ds[14], ds.join(","));
  }
}
await b.close();
