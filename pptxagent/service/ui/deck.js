// The deck page: its name and versions, the version's quality story, its slides (each with
// its QA issues: `slides.js`), the .pptx download, and a revision form.

import { api, blobUrl } from "./api.js";
import { $, fmtTime, h, labelChips } from "./util.js";
import { issuesBySlide, slideCard } from "./slides.js";
import { storyList } from "./story.js";
import { showCompare } from "./compare.js";

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

/** Which slides the fill's QA correction pass ran on (its stage: the fill's visual QA). */
function qaPassChip(story) {
  if (!story) return null;
  const ran = [...story.qa_correction_slides, ...story.qa_correction_dropped];
  return h("span", { class: "chip", title: "The fill's own QA correction pass, run by its visual QA on slides with a critical issue" },
    ran.length ? `QA correction pass: slide${ran.length === 1 ? "" : "s"} ${ran.join(", ")}` : "QA correction pass: none");
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

export function showDeck(deckId, wanted, compare = null) {
  let alive = true;
  const enc = encodeURIComponent(deckId);
  $("#deck-h").textContent = `Deck ${String(deckId).slice(0, 12)}`;
  for (const id of ["#deck-sub", "#versions", "#deck-actions", "#version-head", "#version-changes", "#quality-summary", "#slides", "#compare"]) $(id).replaceChildren();
  $("#version-body").hidden = Boolean(compare);
  $("#compare").hidden = !compare;
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
      $("#deck-actions").replaceChildren(...(versions.length > 1 ? [h("a", {
        href: `#/decks/${enc}?compare=${versions[versions.length - 2].version}-${versions[versions.length - 1].version}`,
        id: "compare-link", "aria-current": compare ? "page" : null,
      }, `Compare v${versions[versions.length - 2].version} and v${versions[versions.length - 1].version} side by side`)] : []));
      if (compare) {
        const [a, b] = String(compare).split("-").map(Number);
        await showCompare(deckId, versions, a, b, () => alive);
        return;
      }
      const q = await api(`/api/decks/${enc}/quality/${v.version}`);
      if (!alive) return;
      const report = reportOf(q);
      const score = q.score ?? v.score;
      const btn = h("button", { type: "button", id: "download" }, "Download .pptx");
      btn.addEventListener("click", () => download(deckId, v, btn));
      $("#version-head").replaceChildren(...[
        h("h3", {}, `Version ${v.version}`, v.title && v.title !== deck.title ? h("span", { class: "muted" }, ` — ${v.title}`) : null),
        score !== undefined && score !== null ? h("span", { class: "badge" }, `score ${Number(score).toFixed(2)}`) : null,
        qaPassChip(q.story),
        h("span", { class: "chip", title: "Critic correction passes: whole new renders the agent's critic asked for" },
          `critic correction passes: ${q.story ? q.story.critic_passes : q.passes_used ?? 0}`),
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
      const story = q.story;
      $("#quality-summary").replaceChildren(...(story ? [
        h("p", { id: "qa-summary" }, story.summary),
        storyList({ counts: story.counts, critic: { gates: story.gates, score: story.score, passes: story.critic_passes }, id: "qa-story" }),
      ] : [h("p", { id: "qa-summary" }, `${[...by.values()].flat().length} QA issue(s).`)]));
      // One card per slide: from the report, else from the thumbnails the version lists.
      const slides = report.slides || [];
      const thumbs = v.thumbnail_urls ?? v.thumbnails;
      const count = slides.length || (Array.isArray(thumbs) ? thumbs.length : v.thumbnail_count || 0);
      const cards = [];
      for (let i = 0; i < count; i++) {
        const s = slides[i];
        const n = Number(s?.index ?? i + 1);
        cards.push(slideCard({ report, slide: s, n, issues: by.get(n) || [], thumb: thumbUrl(deckId, v, i),
          before: typeof s?.before === "string" && s.before.startsWith("/api/files/") ? s.before : null }));
      }
      $("#slides").replaceChildren(...cards);
    } catch (e) {
      if (alive) $("#deck-error").textContent = e.status === 404 && !$("#versions").children.length
        ? `No deck ${deckId}: it does not exist, or it is another token's.` : e.message;
    }
  })();
  return () => { alive = false; };
}
