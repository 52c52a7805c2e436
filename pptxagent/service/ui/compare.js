// Two versions of a deck side by side, slide by slide (the same slide component as the deck
// page): a slide whose picture differs (its sha256) is marked changed, as is one only one
// version has.

import { api } from "./api.js";
import { $, h } from "./util.js";
import { issuesBySlide, slideCard } from "./slides.js";

function thumb(deckId, v, i) {
  return i < (v.thumbnail_urls || []).length ? v.thumbnail_urls[i] : null;
}

/**
 * Slide by slide (1-based): "changed" when the two pictures differ (their sha256) or only one
 * version has the slide, "same" when they are the same picture, "unknown" when a version has
 * no pictures to compare (a `fast` profile draws none).
 */
export function slideChanges(a, b, count) {
  const sa = a.thumbnail_shas || [], sb = b.thumbnail_shas || [];
  const na = Math.max(sa.length, a.slides ?? 0), nb = Math.max(sb.length, b.slides ?? 0);
  const out = new Map();
  for (let i = 0; i < count; i++) {
    if ((i < na) !== (i < nb)) out.set(i + 1, "changed");
    else if (sa[i] === undefined || sb[i] === undefined) out.set(i + 1, "unknown");
    else out.set(i + 1, sa[i] === sb[i] ? "same" : "changed");
  }
  return out;
}

function picker(id, label, versions, current, onPick) {
  return h("label", { class: "inline", for: id }, label, " ",
    h("select", { id, onchange: (ev) => onPick(Number(ev.target.value)) },
      ...versions.map((v) => h("option", { value: v.version, selected: v.version === current ? true : null },
        `v${v.version}${v.title ? ` — ${v.title}` : ""}`))));
}

/** Render the comparison of versions `a` and `b` into #compare. */
export async function showCompare(deckId, versions, a, b, alive) {
  const enc = encodeURIComponent(deckId);
  const va = versions.find((v) => v.version === a) || versions[0];
  const vb = versions.find((v) => v.version === b) || versions[versions.length - 1];
  const go = (x, y) => { location.hash = `#/decks/${enc}?compare=${x}-${y}`; };
  const [qa, qb] = await Promise.all([va, vb].map((v) => api(`/api/decks/${enc}/quality/${v.version}`)));
  if (!alive()) return;
  const ra = qa.report || {}, rb = qb.report || {};
  const ia = issuesBySlide(ra), ib = issuesBySlide(rb);
  const count = Math.max((va.thumbnail_urls || []).length, (vb.thumbnail_urls || []).length,
    (ra.slides || []).length, (rb.slides || []).length);
  const marks = slideChanges({ ...va, slides: (ra.slides || []).length }, { ...vb, slides: (rb.slides || []).length }, count);
  const changed = new Set([...marks].filter(([, m]) => m === "changed").map(([n]) => n));
  const unknown = [...marks].filter(([, m]) => m === "unknown").map(([n]) => n);
  const rows = [];
  for (let i = 0; i < count; i++) {
    const n = i + 1;
    const side = (v, r, is, q) => {
      const slide = (r.slides || [])[i];
      if (!slide && thumb(deckId, v, i) === null) return h("p", { class: "muted blank-slot" }, `v${v.version} has no slide ${n}`);
      return slideCard({ report: r, slide, n, issues: is.get(n) || [], thumb: thumb(deckId, v, i),
        label: `v${v.version} · slide ${n}`,
        changed: v !== vb ? null : changed.has(n) ? "changed" : marks.get(n) === "unknown" ? "not compared" : null });
    };
    rows.push(h("div", { class: `compare-row${changed.has(n) ? " changed" : ""}`, "data-slide": n },
      side(va, ra, ia, qa), side(vb, rb, ib, qb)));
  }
  $("#compare").replaceChildren(
    h("div", { class: "row" },
      picker("compare-a", "Compare", versions, va.version, (x) => go(x, vb.version)),
      picker("compare-b", "with", versions, vb.version, (y) => go(va.version, y)),
      h("a", { href: `#/decks/${enc}?v=${vb.version}` }, "Back to the version")),
    h("p", { id: "compare-summary" }, changed.size
      ? `${changed.size} of ${count} slide${count === 1 ? "" : "s"} changed: ${[...changed].join(", ")}.`
      : unknown.length ? "" : `No slide changed (${count} slide${count === 1 ? "" : "s"}, the same pictures).`,
    unknown.length ? ` Slide${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")} not compared: a version has no pictures (the fast profile draws none).` : "",
    vb.changes && vb.changes.length && vb.version === va.version + 1
      ? ` v${vb.version} changed: ${vb.changes.map((c) => c.detail).join("; ")}.` : ""),
    h("div", { class: "compare" }, ...rows));
}
