"""The scripts the browser runs in its page around a load and a screenshot."""

from __future__ import annotations

SET_CONTENT_JS = """(html) => new Promise((resolve) => {
  document.open(); document.write(html); document.close();
  if (document.readyState === "complete") { resolve(); return; }
  window.addEventListener("load", () => resolve(), { once: true });
})"""
"""Write the page and wait for its load event (its pictures loaded), as Playwright's
``set_content`` does."""

ELEMENT_BOX_JS = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  el.scrollIntoViewIfNeeded();
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return null;
  return [r.x + scrollX, r.y + scrollY, r.width, r.height, innerWidth, innerHeight];
}"""
"""An element's box in page coordinates, and the viewport's size."""

ADD_STYLE_JS = """(css) => new Promise((resolve, reject) => {
  const style = document.createElement("style");
  style.appendChild(document.createTextNode(css));
  style.onload = resolve; style.onerror = reject;
  document.head.appendChild(style);
})"""
"""Playwright's ``add_style_tag(content=css)``."""

SETTLE_JS = """async () => {
  const urls = new Set();
  for (const sheet of document.styleSheets) {
    let rules = [];
    try { rules = sheet.cssRules; } catch (e) { continue; }
    for (const rule of rules) {
      const bg = rule.style ? rule.style.backgroundImage : "";
      const m = bg && bg.match(/^url\\(["']?(.*?)["']?\\)$/);
      if (m) urls.add(m[1]);
    }
  }
  await Promise.all([...urls].map((u) => {
    const img = new Image();
    img.src = u;
    return img.decode().catch(() => null);
  }));
  if (document.fonts) { await document.fonts.ready; }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""
"""Before a screenshot: every stylesheet picture decoded, fonts ready, two frames painted, so
what is captured never depends on how busy the machine is (a picture still decoding would be
missing from one run's capture and not another's)."""


__all__ = ["ADD_STYLE_JS", "ELEMENT_BOX_JS", "SETTLE_JS", "SET_CONTENT_JS"]
