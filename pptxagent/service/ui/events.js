// A job's events as a person reads them: tools and steps as chips, the critic's gates as
// chips, file hashes as links to the files; and the story the events tell, render by render
// (found → corrected → re-checked → the critic's verdict).

import { blobUrl } from "./api.js";
import { fmtDuration, h } from "./util.js";
import { gateChips, storyList } from "./story.js";

const RENDERERS = /^(render\.|pptx\.replace_text)/;

export const toolChip = (name) => h("code", { class: "chip tool" }, name || "?");
const okChip = (ok, yes = "ok", no = "failed") => h("span", { class: `chip ${ok ? "is-resolved" : "is-live"}` }, ok ? yes : no);
const dur = (ms) => (typeof ms === "number" ? h("span", { class: "muted" }, ` ${fmtDuration(ms)}`) : null);

/** A content hash, short, its whole value in the tooltip (a hash of JSON: not a file). */
export function hashCode(hx, what) {
  if (!hx) return h("span", { class: "muted" }, "—");
  const s = String(hx).replace(/^sha256:/, "");
  return h("code", { title: `${what}: sha256 ${s}` }, s.slice(0, 10));
}

/** A stored file by its sha256: a link that downloads it with the token. */
export function fileLink(sha, name) {
  const href = `/api/files/${sha}`;
  return h("a", {
    href, class: "file", title: `${name}: sha256 ${sha}`, "data-sha": sha,
    onclick: async (ev) => {
      ev.preventDefault();
      try {
        const a = h("a", { href: await blobUrl(href), download: `${name}-${sha.slice(0, 8)}` });
        document.body.append(a); a.click(); a.remove();
      } catch (e) { ev.target.title = `could not download: ${e.message}`; }
    },
  }, name, " ", h("code", {}, sha.slice(0, 8)));
}

function qaChips(qa) {
  if (!qa) return null;
  return h("span", { class: "chips" }, h("span", { class: "chip" }, `found ${qa.found}`),
    h("span", { class: "chip is-resolved" }, `resolved ${qa.resolved}`),
    h("span", { class: `chip ${qa.live ? "is-live" : "is-resolved"}` }, `open ${qa.live}`));
}

/** The readable body of one event. */
export function eventBody(e) {
  const d = e.data && typeof e.data === "object" ? e.data : {};
  switch (e.type) {
    case "job.queued": return [`queued: ${d.kind || ""} job`];
    case "job.started": return [`started on ${d.worker || "a worker"}`, d.attempt > 1 ? ` (attempt ${d.attempt})` : ""];
    case "job.retry": return [h("span", { class: "chip is-live" }, "retry"), ` ${d.reason || ""}`];
    case "job.timeout": return [h("span", { class: "chip is-live" }, "timed out"), ` after ${d.timeout_s} s`];
    case "job.succeeded": return [okChip(true, "succeeded")];
    case "job.failed": {
      const err = d.error && typeof d.error === "object" ? d.error.message || d.error.reason : d.error;
      return [okChip(false), ` ${err || d.reason || ""}`];
    }
    case "step.started": return [h("span", { class: "chip" }, d.step || "step"), " ", toolChip(d.tool), d.why ? ` ${d.why}` : ""];
    case "step.finished": return [h("span", { class: "chip" }, d.step || "step"), " ", toolChip(d.tool), " ", okChip(d.ok !== false),
      dur(d.duration_ms), d.summary ? ` ${d.summary}` : "", d.error ? h("div", { class: "error-text small" }, d.error) : null];
    case "tool.started": return [toolChip(d.tool), d.attempt > 1 ? ` attempt ${d.attempt}` : "", " input ", hashCode(d.input_hash, "input JSON")];
    case "tool.finished": case "tool.refused":
      return [toolChip(d.tool), " ", okChip(d.status === "ok", "ok", d.status || "error"), dur(d.duration_ms),
        d.output_hash ? [" output ", hashCode(d.output_hash, "output JSON")] : null,
        d.error ? h("div", { class: "error-text small" }, typeof d.error === "string" ? d.error : JSON.stringify(d.error)) : null];
    case "plan": return [`plan: path ${d.path || "?"} (${d.planner || "deterministic"}), `,
      h("span", { class: "chips" }, ...(d.steps || []).map((s) => toolChip(s.tool))),
      d.reason ? h("div", { class: "small muted" }, d.reason) : null];
    case "critic": return [h("strong", {}, `critic, render ${d.pass ?? 0}: `), gateChips(d.gates || {}),
      typeof d.score === "number" ? ` score ${d.score.toFixed(2)} ` : " ", qaChips(d.qa),
      h("div", { class: "small" }, d.why || "", d.kept === false ? " (not kept: the best render so far stands)" : "")];
    case "correction": return [h("strong", {}, `critic correction pass ${d.pass}: `), d.why || ""];
    case "failover": return [h("span", { class: "chip is-live" }, "failover"), " ", toolChip(d.tool), ` → ${d.to || "?"}`,
      d.error ? h("div", { class: "error-text small" }, String(d.error)) : null];
    case "progress": return [d.tool ? [toolChip(d.tool), " "] : null, d.message || ""];
    default:
      return [Object.entries(d).filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join(" · ")];
  }
}

/** The story of a job's renders, from its events, into `root` (re-drawn on each event). */
export function storyOf(root) {
  const renders = [];
  let stage = null;
  let correcting = null;
  return (e) => {
    const d = e.data || {};
    if ((e.type === "step.started" || e.type === "tool.started") && RENDERERS.test(d.tool || "")) stage = d.tool;
    else if (e.type === "correction") correcting = d;
    else if (e.type === "critic") {
      renders.push({ d, stage, correcting });
      correcting = null;
    } else return;
    root.replaceChildren(...renders.map(({ d: c, stage: st, correcting: corr }, i) => h("div", { class: "render", "data-pass": c.pass ?? i },
      h("p", { class: "small muted" }, corr ? `Critic correction pass ${corr.pass} (${corr.why || "asked by the critic"}):`
        : "The first render:"),
      storyList({ counts: c.qa || {}, stage: st, critic: { gates: c.gates, score: c.score, why: c.why } }),
      c.correct ? h("p", { class: "small" }, "→ the critic asks for a critic correction pass.")
        : h("p", { class: "small muted" }, i === renders.length - 1 ? `The critic stops: ${c.why || "done"}.` : ""))));
  };
}
