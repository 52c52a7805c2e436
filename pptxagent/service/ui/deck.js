// The deck page: versions, slide thumbnails, the quality report with each QA issue outlined
// on its slide thumbnail, and the .pptx download.

import { api, blobUrl } from "./api.js";
import { $, fmtTime, h, labelChips } from "./util.js";

const SEVERITIES = ["critical", "major", "minor", "info"];

/** The version list of a deck, whatever the service nests it in. */
function versionsOf(deck) {
  const list = Array.isArray(deck) ? deck : deck.versions || [];
  return list.map((v, i) => (typeof v === "number" ? { version: v } : { version: v.version ?? i + 1, ...v }));
}

/** The fill/compose report inside a quality response ({report} / {issues_json} / itself). */
function reportOf(q) {
  if (!q) return {};
  for (const k of ["report", "issues_json", "quality"]) {
    if (q[k] && typeof q[k] === "object" && !Array.isArray(q[k])) return q[k];
  }
  return q;
}

/** QA issues per slide number: each slide's `qa[]`, plus a flat `issues[]` list if any. */
function issuesBySlide(report) {
  const by = new Map();
  const add = (n, is) => { if (!by.has(n)) by.set(n, []); by.get(n).push(is); };
  for (const [i, s] of (report.slides || []).entries()) {
    for (const is of Array.isArray(s.qa) ? s.qa : []) add(Number(is.slide ?? s.index ?? i + 1), is);
  }
  if (Array.isArray(report.issues)) for (const is of report.issues) add(Number(is.slide), is);
  return by;
}

/** URL of thumbnail `i` (0-based) of a version: a route, a content hash, or the by-number route. */
function thumbUrl(deckId, v, i) {
  const list = v.thumbnail_urls ?? v.thumbnails;
  if (Array.isArray(list) && list[i] === undefined) return null; // this version has none
  const t = Array.isArray(list) ? list[i] : null;
  const ref = t && typeof t === "object" ? t.url ?? t.sha256 ?? t.sha : t;
  if (typeof ref === "string" && ref.startsWith("/")) return ref;
  if (typeof ref === "string" && /^[0-9a-f]{64}$/i.test(ref)) return `/api/files/${ref}`;
  return `/api/decks/${encodeURIComponent(deckId)}/versions/${v.version}/thumbnails/${i + 1}`;
}

/**
 * The slide's size in px, the unit of `qa[].box`: the report's own figure when it gives one,
 * else the thumbnail's natural size when it was drawn at 1:1, else the standard slide width
 * (1280 px for 16:9, 960 px for 4:3: EMU / 9525) at the thumbnail's aspect ratio.
 */
function slidePx(report, slide, img) {
  const given = slide?.slide_px ?? slide?.size_px ?? report.slide_px ?? report.slide_size_px ?? report.slide_size;
  if (given && (given.w ?? given.width)) return { w: given.w ?? given.width, h: given.h ?? given.height };
  const nw = img.naturalWidth, nh = img.naturalHeight;
  if (nw >= 960) return { w: nw, h: nh };
  const ratio = nw && nh ? nw / nh : 16 / 9;
  const w = ratio > 1.5 ? 1280 : 960;
  return { w, h: w / ratio };
}

/** Outline boxes over a loaded thumbnail, positioned in % so they follow its displayed size. */
function drawBoxes(frame, img, issues, report, slide) {
  const size = slidePx(report, slide, img);
  frame.querySelectorAll(".qa-box").forEach((b) => b.remove());
  issues.forEach((is, k) => {
    const b = is.box;
    if (!b || !(b.w > 0) || !(b.h > 0)) return;
    const sev = String(is.severity || "info").toLowerCase();
    const status = String(is.status || "open").toLowerCase();
    const label = `${is.kind} · ${sev} · ${status}`;
    frame.append(h("div", {
      // A box at the slide's top edge gets its label inside, not cut off above the picture.
      class: `qa-box sev-${sev} status-${status}${b.y / size.h < 0.08 ? " label-in" : ""}`, role: "img", "aria-label": `Issue ${k + 1}: ${label}`,
      title: is.message || label, "data-kind": is.kind, "data-issue": k + 1,
      style: {
        left: `${(100 * b.x) / size.w}%`, top: `${(100 * b.y) / size.h}%`,
        width: `${(100 * b.w) / size.w}%`, height: `${(100 * b.h) / size.h}%`,
      },
    }, h("span", { class: "qa-label" }, `${k + 1} ${label}`)));
  });
}

function slideCard(deckId, v, report, slide, n, issues) {
  const img = h("img", { alt: `Slide ${n}`, class: "thumb", decoding: "async" });
  const frame = h("div", { class: "frame" }, img);
  const meta = [];
  if (slide?.quality) meta.push(h("span", { class: `badge q-${slide.quality}` }, slide.quality));
  if (slide?.component) meta.push(h("span", { class: "muted" }, ` ${slide.component}`));
  const list = issues.length
    ? h("ol", { class: "issues" }, issues.map((is, k) => h("li", {
      class: `sev-${String(is.severity || "info").toLowerCase()}`, tabindex: "0",
      onfocus: () => frame.querySelector(`[data-issue="${k + 1}"]`)?.classList.add("hl"),
      onblur: () => frame.querySelector(`[data-issue="${k + 1}"]`)?.classList.remove("hl"),
      onmouseenter: () => frame.querySelector(`[data-issue="${k + 1}"]`)?.classList.add("hl"),
      onmouseleave: () => frame.querySelector(`[data-issue="${k + 1}"]`)?.classList.remove("hl"),
    }, h("strong", {}, `${is.kind}`), ` ${is.severity || ""} · ${is.status || "open"}`,
      is.shape ? ` · ${is.shape}` : "", is.message ? h("div", { class: "small" }, is.message) : null)))
    : h("p", { class: "small muted" }, "No QA issues.");
  const card = h("figure", { class: "slide", "data-slide": n },
    frame, h("figcaption", {}, h("strong", {}, `Slide ${n}`), " ", ...meta), list);
  img.addEventListener("load", () => drawBoxes(frame, img, issues, report, slide));
  const url = thumbUrl(deckId, v, n - 1);
  if (url === null) {
    // No picture of this slide: a blank 16:9 slide still shows where each issue is.
    img.replaceWith(h("div", { class: "blank" }, h("span", {}, "no thumbnail for this version")));
    drawBoxes(frame, { naturalWidth: 0, naturalHeight: 0 }, issues, report, slide);
    return card;
  }
  blobUrl(url)
    .then((u) => { img.src = u; })
    .catch((e) => frame.replaceChildren(h("p", { class: "error small" }, `No thumbnail: ${e.message}`)));
  return card;
}

/** What a version changed against the one before, in words. */
function changeText(v) {
  return (v.changes || []).map((c) => c.detail || c.what).join("; ");
}

async function download(deckId, v, btn) {
  btn.disabled = true;
  try {
    const url = await blobUrl(v.pptx_url ?? `/api/decks/${encodeURIComponent(deckId)}/versions/${v.version}/pptx`);
    const a = h("a", { href: url, download: `deck-${String(deckId).slice(0, 8)}-v${v.version}.pptx` });
    document.body.append(a); a.click(); a.remove();
  } catch (e) { $("#deck-error").textContent = e.message; } finally { btn.disabled = false; }
}

/** The revise form: new content (fill) or outline (compose) JSON → POST …/revise → the job. */
function setupRevise(deckId, deck) {
  const last = (deck.jobs || [])[0];
  const kind = last ? last.kind : "fill";
  const field = kind === "compose" ? "outline" : "content";
  $("#revise-json-label").textContent = `New ${field} JSON`;
  $("#revise-error").textContent = "";
  $("#revise-form").onsubmit = async (ev) => {
    ev.preventDefault();
    const text = $("#revise-json").value.trim();
    const fd = new FormData();
    if (text) {
      try { JSON.parse(text); } catch (e) { $("#revise-error").textContent = `Not valid JSON: ${e.message}`; return; }
      fd.append(field, new Blob([text], { type: "application/json" }), `${field}.json`);
    }
    fd.append("quality_profile", $("#revise-profile").value);
    fd.append("max_correction_passes", $("#revise-passes").value);
    $("#revise-btn").disabled = true;
    try {
      const res = await api(`/api/decks/${encodeURIComponent(deckId)}/revise`, { method: "POST", body: fd });
      location.hash = `#/jobs/${encodeURIComponent(res.job_id ?? res.id)}`;
    } catch (e) { $("#revise-error").textContent = e.message; } finally { $("#revise-btn").disabled = false; }
  };
}

export function showDeck(deckId, wanted) {
  let alive = true;
  const enc = encodeURIComponent(deckId);
  $("#deck-h").textContent = `Deck ${String(deckId).slice(0, 12)}`;
  for (const id of ["#deck-sub", "#versions", "#version-head", "#version-changes", "#quality-summary", "#slides"]) $(id).replaceChildren();
  $("#deck-error").textContent = "";
  $("#revise").hidden = true;

  (async () => {
    try {
      const deck = await api(`/api/decks/${enc}`);
      setupRevise(deckId, deck);
      $("#revise").hidden = false;
      const versions = versionsOf(deck);
      if (!versions.length) { $("#deck-error").textContent = "This deck has no version yet."; return; }
      const v = versions.find((x) => x.version === wanted) || versions[versions.length - 1];
      $("#deck-h").textContent = deck.title || `Deck ${String(deckId).slice(0, 12)}`;
      $("#deck-sub").textContent = [deck.source ? `from ${deck.source}` : null,
        `${versions.length} version${versions.length === 1 ? "" : "s"}`, `deck ${String(deckId).slice(0, 12)}`]
        .filter(Boolean).join(" · ");
      $("#versions").replaceChildren(h("span", {}, "Versions: "), ...versions.map((x) => h("a", {
        href: `#/decks/${enc}?v=${x.version}`, "aria-current": x.version === v.version ? "page" : null,
        title: changeText(x) || null,
      }, `v${x.version}`)));
      const q = await api(`/api/decks/${enc}/quality/${v.version}`);
      if (!alive) return;
      const report = reportOf(q);
      const score = q.score ?? v.score;
      const btn = h("button", { type: "button", id: "download" }, "Download .pptx");
      btn.addEventListener("click", () => download(deckId, v, btn));
      $("#version-head").replaceChildren(...[
        h("h3", {}, `Version ${v.version}`),
        score !== undefined && score !== null ? h("span", { class: "badge" }, `score ${Number(score).toFixed(2)}`) : null,
        q.passes_used !== undefined ? h("span", { class: "muted" }, `correction passes: ${q.passes_used}`) : null,
        v.created_at ? h("span", { class: "muted" }, fmtTime(v.created_at)) : null,
        v.labels ? labelChips(v.labels) : null,
        v.job_id ? h("a", { href: `#/jobs/${encodeURIComponent(v.job_id)}` }, "job") : null,
        btn,
        // The whole quality report as a JSON file (made in the page: no second request).
        h("a", { href: URL.createObjectURL(new Blob([JSON.stringify(q, null, 2)], { type: "application/json" })),
          download: `quality-${String(deckId).slice(0, 8)}-v${v.version}.json`, id: "report-json" }, "Report JSON")].filter(Boolean));
      $("#version-changes").textContent = v.version > 1
        ? `What changed since v${v.version - 1}: ${changeText(v) || "nothing (the same request again)"}` : "The first version.";
      const by = issuesBySlide(report);
      const counts = report.qa && report.qa.by_status ? report.qa.by_status : null;
      const all = [...by.values()].flat();
      $("#quality-summary").replaceChildren(h("p", { id: "qa-summary" },
        `${all.length} QA issue${all.length === 1 ? "" : "s"}`,
        counts && Object.keys(counts).length ? ` (${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(", ")})` : "",
        all.length ? ": " + SEVERITIES.map((s) => [s, all.filter((i) => i.severity === s).length])
          .filter(([, n]) => n).map(([s, n]) => `${n} ${s}`).join(", ") : "."));
      // One card per slide: from the report, else from the thumbnails the version lists.
      const slides = report.slides || [];
      const thumbs = v.thumbnail_urls ?? v.thumbnails;
      const count = slides.length || (Array.isArray(thumbs) ? thumbs.length : v.thumbnail_count || 0);
      const cards = [];
      for (let i = 0; i < count; i++) {
        const s = slides[i];
        const n = Number(s?.index ?? i + 1);
        cards.push(slideCard(deckId, v, report, s, n, by.get(n) || []));
      }
      $("#slides").replaceChildren(...cards);
    } catch (e) {
      if (alive) $("#deck-error").textContent = e.status === 404 && !$("#versions").children.length
        ? `No deck ${deckId}: it does not exist, or it is another token's.` : e.message;
    }
  })();
  return () => { alive = false; };
}
