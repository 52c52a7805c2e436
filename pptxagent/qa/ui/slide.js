// One slide with its QA issues: the one component every page draws slides with. The service
// UI (the deck's versions, the v1/v2 comparison: service/ui/slides.js hands it pictures
// fetched with the token), `pptxagent batch`'s review.html and `pptxagent qa`'s
// contact-sheet.html (this file inlined in the page: `drawDecks`). No import, no API: it
// takes picture URLs and the issues. Its look is qa/ui/slide.css.
//
// The rules (qa/sheet.py's PNG is a raster of the same): only a live issue (open, or
// unresolved after the QA correction pass) is drawn as an alarm: a solid box in its
// severity's colour on the slide as it is now. A resolved issue is shown as before → after:
// its box on the picture from before the QA correction pass (where it was), and a muted green
// box on the picture after. The template's own (accepted) are listed, never drawn.

export const LIVE = new Set(["open", "unresolved"]);
export const WORDS = { success_clean: "clean", success_with_warnings: "warnings", degraded: "degraded" };
const STATUS_WORDS = {
  open: "open", unresolved: "unresolved after the QA correction pass",
  resolved: "resolved by the QA correction pass", accepted: "the template's own (accepted)",
};

/** Create an element: h("td", {class: "num"}, "12", childNode, …). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** The quality label as a badge: "clean", "warnings", "degraded". */
export function qualityBadge(quality) {
  return quality ? h("span", { class: `badge q-${quality}`, title: quality }, WORDS[quality] || quality) : null;
}

/** QA issues per slide number: each slide's `qa[]`, plus a flat `issues[]` list if any. */
export function issuesBySlide(report) {
  const by = new Map();
  const add = (n, is) => { if (!by.has(n)) by.set(n, []); by.get(n).push(is); };
  for (const [i, s] of (report.slides || []).entries()) {
    for (const is of Array.isArray(s.qa) ? s.qa : []) add(Number(is.slide ?? s.index ?? i + 1), is);
  }
  if (Array.isArray(report.issues)) for (const is of report.issues) add(Number(is.slide), is);
  return by;
}

/**
 * The slide's size in px, the unit of `qa[].box`: the report's own figure when it gives one,
 * else the picture's natural size when it was drawn at 1:1, else the standard slide width
 * (1280 px for 16:9, 960 px for 4:3: EMU / 9525) at the picture's aspect ratio.
 */
function slidePx(report, img) {
  const given = report.slide_px ?? report.slide_size_px;
  if (given && (given.w ?? given.width)) return { w: given.w ?? given.width, h: given.h ?? given.height };
  const nw = img.naturalWidth, nh = img.naturalHeight;
  if (nw >= 960) return { w: nw, h: nh };
  const ratio = nw && nh ? nw / nh : 16 / 9;
  const w = ratio > 1.5 ? 1280 : 960;
  return { w, h: w / ratio };
}

/** How an issue is drawn on a picture: `alarm`, `ok` (resolved, after), `found` (before). */
function look(is, when) {
  const status = String(is.status || "open").toLowerCase();
  if (status === "accepted") return null;
  if (when === "before") return status === "open" ? null : "found";
  return LIVE.has(status) ? "alarm" : "ok";
}

/** A box cut to the slide (text run off the slide is outlined up to its edge); one wholly
 * off it outlines the whole slide. */
function onSlide(box, size) {
  const x0 = Math.max(0, box.x), y0 = Math.max(0, box.y);
  const x1 = Math.min(size.w, box.x + box.w), y1 = Math.min(size.h, box.y + box.h);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : { x: 0, y: 0, w: size.w, h: size.h };
}

/** Outline boxes over a loaded picture, in % so they follow its displayed size. */
function drawBoxes(frame, img, issues, report, when) {
  const size = slidePx(report, img);
  frame.querySelectorAll(".qa-box").forEach((b) => b.remove());
  issues.forEach((is, k) => {
    const how = look(is, when);
    if (!how || !is.box || !(is.box.w > 0) || !(is.box.h > 0)) return;
    const b = onSlide(is.box, size);
    const sev = String(is.severity || "info").toLowerCase();
    const text = how === "ok" ? `${is.kind} resolved` : how === "found" ? `${is.kind} · ${sev} (found)` : `${is.kind} · ${sev}`;
    frame.append(h("div", {
      // A box at the slide's top edge gets its label inside, not cut off above the picture.
      class: `qa-box ${how} sev-${sev} status-${is.status || "open"}${b.y / size.h < 0.08 ? " label-in" : ""}`,
      title: is.message || text, "data-kind": is.kind, "data-issue": k + 1, "aria-hidden": "true",
      style: {
        left: `${(100 * b.x) / size.w}%`, top: `${(100 * b.y) / size.h}%`,
        width: `${(100 * b.w) / size.w}%`, height: `${(100 * b.h) / size.h}%`,
      },
    }, h("span", { class: "qa-label" }, `${k + 1} ${text}`)));
  });
}

/** A picture (its URL through `load`: the service fetches it with the token) with the issues
 * drawn as they look `when`. */
function picture(url, alt, issues, report, when, load) {
  const img = h("img", { alt, class: "thumb", decoding: "async" });
  const frame = h("div", { class: `frame ${when}` }, img);
  img.addEventListener("load", () => drawBoxes(frame, img, issues, report, when));
  if (url === null) {
    img.replaceWith(h("div", { class: "blank" }, h("span", {}, "no picture of this slide")));
    drawBoxes(frame, { naturalWidth: 0, naturalHeight: 0 }, issues, report, when);
  } else {
    Promise.resolve().then(() => load(url)).then((u) => { img.src = u; })
      .catch((e) => frame.replaceChildren(h("p", { class: "error small" }, `No picture: ${e.message}`)));
  }
  return frame;
}

function issueList(issues, card) {
  if (!issues.length) return h("p", { class: "small muted" }, "No QA issues.");
  const mark = (k, on) => card.querySelectorAll(`[data-issue="${k + 1}"]`).forEach((b) => b.classList.toggle("hl", on));
  return h("ol", { class: "issues" }, issues.map((is, k) => {
    const status = String(is.status || "open").toLowerCase();
    return h("li", {
      class: `sev-${String(is.severity || "info").toLowerCase()} st-${status}`, tabindex: "0",
      onfocus: () => mark(k, true), onblur: () => mark(k, false),
      onmouseenter: () => mark(k, true), onmouseleave: () => mark(k, false),
    }, h("strong", {}, is.kind), ` ${is.severity || ""}`, is.shape ? ` · ${is.shape}` : "", " ",
    h("span", { class: `chip is-${LIVE.has(status) ? "live" : status}` }, STATUS_WORDS[status] || status),
    is.message ? h("div", { class: "small" }, is.message) : null);
  }));
}

/**
 * A slide card. `thumb`: its picture now (a URL, or null); `before`: its picture from before
 * the QA correction pass (or null); `changed`: marked as changed against another version;
 * `load`: a picture's URL → what the <img> shows (or a promise of it).
 */
export function slideCard({ report, slide, n, issues, thumb, before = null, changed = null, label = null, load = (u) => u }) {
  const live = issues.filter((is) => LIVE.has(String(is.status || "open"))).length;
  const resolved = issues.filter((is) => is.status === "resolved").length;
  const name = slide?.title ? ` — ${slide.title}` : "";
  const card = h("figure", { class: `slide${before ? " has-before" : ""}${changed === "changed" ? " changed" : ""}`, "data-slide": n });
  const now = picture(thumb, `Slide ${n}${name}${before ? ", after the QA correction pass" : ""}`, issues, report, "after", load);
  const pics = before
    ? h("div", { class: "pair" },
      h("div", {}, h("div", { class: "tag" }, "before"), picture(before, `Slide ${n}${name}, before the QA correction pass`, issues, report, "before", load)),
      h("span", { class: "arrow", "aria-hidden": "true" }, "→"),
      h("div", {}, h("div", { class: "tag" }, "after"), now))
    : now;
  card.append(pics, h("figcaption", {},
    h("strong", {}, label || `Slide ${n}`), " ", qualityBadge(slide?.quality),
    live ? h("span", { class: "chip is-live" }, `${live} open`) : null,
    resolved ? h("span", { class: "chip is-resolved" }, `${resolved} resolved`) : null,
    changed ? h("span", { class: "chip is-changed" }, changed) : null,
    slide?.title ? h("div", { class: "small muted slide-title" }, slide.title) : null),
  issueList(issues, card));
  return card;
}

/**
 * A page without the service (review.html, contact-sheet.html): each of `decks` drawn into
 * the element whose id is its `target`, a card per `slides[]` entry (`index`, `quality`,
 * `title`, `picture` and `before` URLs), its issues from the flat `issues[]` (`slide`, `kind`,
 * `severity`, `status`, `box` in `slide_px`, `shape`, `message`).
 */
export function drawDecks({ decks = [] } = {}, root = document) {
  for (const deck of decks) {
    const where = root.getElementById(deck.target);
    if (!where) continue;
    const by = issuesBySlide({ issues: deck.issues || [] });
    where.replaceChildren(...(deck.slides || []).map((s) => slideCard({
      report: deck, slide: s, n: Number(s.index), issues: by.get(Number(s.index)) || [],
      thumb: s.picture ?? null, before: s.before ?? null,
    })));
  }
}
