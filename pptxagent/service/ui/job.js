// The job page: summary, the live event timeline (SSE or polling), and the tool runs.

import { api, followEvents } from "./api.js";
import { $, fmtClock, fmtDuration, fmtTime, h, labelChips, shortHash, statusBadge, TERMINAL } from "./util.js";

/** One line of an event's payload: the interesting keys, short. */
function summarize(data) {
  if (!data || typeof data !== "object") return data === undefined ? "" : String(data);
  const parts = [];
  for (const [k, v] of Object.entries(data)) {
    if (v === null || v === undefined || v === "") continue;
    let s = typeof v === "object" ? JSON.stringify(v) : String(v);
    if (k.endsWith("_hash")) s = s.replace(/^sha256:/, "").slice(0, 10);   // hash prefixes
    else if (k.endsWith("duration_ms") && typeof v === "number") { parts.push(fmtDuration(v)); continue; }
    parts.push(`${k}: ${s.length > 80 ? s.slice(0, 77) + "…" : s}`);
    if (parts.length >= 8) break;
  }
  return parts.join(" · ");
}

function renderSummary(job) {
  const title = job.deck_title || `${job.kind} job`;
  $("#job-h").textContent = `Job: ${title}`;
  $("#job-sub").replaceChildren(...[job.kind, job.source ? ` of ${job.source}` : "",
    job.revises ? ` · revision of v${job.revises}` : "",
    job.submitted_by ? ` · submitted by ${job.submitted_by}` : "",
    ` · job ${String(job.id).slice(0, 12)}`]);
  const rows = [
    ["Status", statusBadge(job.status)], ["Kind", job.kind || "—"],
    ["Source", job.source || "—"],
    ["Created", fmtTime(job.created_at)],
    ["Duration", job.duration_s === null || job.duration_s === undefined ? "—" : fmtDuration(job.duration_s * 1000)],
    ["Attempts", job.max_attempts ? `${job.attempts ?? 0} of ${job.max_attempts}` : String(job.attempts ?? "—")],
  ];
  const req = job.options || job.request || {};
  if (req.quality_profile) rows.push(["Quality profile", req.quality_profile]);
  if (req.agent_mode) rows.push(["Agent mode", req.agent_mode]);
  if (job.labels) rows.push(["Slides", labelChips(job.labels)]);
  if (job.submitted_by) rows.push(["Submitted by", job.submitted_by]);
  if (job.error) {
    const e = job.error;
    const msg = typeof e === "string" ? e : e.message ?? e.detail ?? summarize(e);
    rows.push(["Error", h("span", { class: "error-text", id: "job-error-msg" }, msg)]);
  }
  $("#job-summary").replaceChildren(...rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

function renderToolRuns(runs) {
  const list = Array.isArray(runs) ? runs : runs.tool_runs || runs.runs || [];
  $("#toolruns tbody").replaceChildren(...list.map((r) => {
    const attempt = r.attempt ?? 1;
    return h("tr", { class: `tool-${r.status}`, id: r.id !== undefined ? `toolrun-${r.id}` : null, tabindex: "-1" },
      h("td", {}, h("code", {}, r.tool ?? r.tool_name ?? "?")),
      h("td", {}, statusBadge(r.status), r.started === false ? h("span", { class: "muted" }, " not started") : null,
        r.error ? h("div", { class: "small error-text" }, String(r.error).slice(0, 200)) : null),
      h("td", { class: "num" }, attempt > 1 ? h("strong", { title: `retry ${attempt - 1}` }, `${attempt} (retry)`) : String(attempt)),
      h("td", { class: "num" }, r.duration_ms !== null && r.duration_ms !== undefined ? Math.round(r.duration_ms).toLocaleString() : "—"),
      h("td", {}, shortHash(r.input_hash)),
      h("td", {}, shortHash(r.output_hash)));
  }));
}

export function showJob(id) {
  const enc = encodeURIComponent(id);
  let job = null;
  let stopped = false;
  let stop = () => {};
  $("#job-h").textContent = `Job ${String(id).slice(0, 12)}`;
  $("#job-sub").replaceChildren();
  $("#job-error").textContent = "";
  $("#job-summary").replaceChildren();
  $("#job-deck-link").replaceChildren();
  $("#timeline").replaceChildren();
  $("#toolruns tbody").replaceChildren();
  $("#tl-state").textContent = "connecting";
  $("#job-body").hidden = true;      // shown once the job is there: never empty tables

  async function loadJob() {
    try {
      job = await api(`/api/jobs/${enc}`);
      $("#job-error").textContent = "";
      renderSummary(job);
      if (job.deck_id) {
        const label = job.status === "succeeded" ? "Open the deck and its quality report" : "Deck";
        $("#job-deck-link").replaceChildren(h("a", { href: `#/decks/${encodeURIComponent(job.deck_id)}`, id: "open-deck" }, label));
      }
    } catch (e) {
      $("#job-error").textContent = e.status === 404 ? `No job ${id}: it does not exist, or it is another token's.` : e.message;
      if (e.status === 404) { job = null; finish(); }
    }
    return job;
  }
  async function loadRuns() {
    try { renderToolRuns(await api(`/api/jobs/${enc}/tool-runs`)); } catch (e) { /* shown by the job error */ }
  }
  const done = () => job && TERMINAL.has(job.status);
  let timer = null;
  function finish() { stopped = true; clearInterval(timer); stop(); }

  (async () => {
    if (!(await loadJob()) || stopped) return;   // a missing job: one error, nothing else
    $("#job-body").hidden = false;
    await loadRuns();
    // Job summary and tool runs refresh every 2 s until the job is terminal.
    timer = setInterval(async () => {
      if (stopped) return;
      await loadJob(); await loadRuns();
      if (done()) clearInterval(timer);
    }, 2000);
    stop = follow(id, loadJob, loadRuns, done);
  })();
  return finish;
}

/** The live timeline of the job's events; returns its stop(). */
function follow(id, loadJob, loadRuns, done) {
  const tl = $("#timeline");
  return followEvents(id, {
    onEvent(e) {
      const sev = String(e.severity || "info").toLowerCase();
      tl.append(h("li", { class: `ev sev-${sev}`, "data-seq": e.seq ?? "", "data-type": e.type },
        h("span", { class: "seq" }, e.seq ?? "·"),
        h("span", { class: "ts" }, fmtClock(e.ts)),
        h("span", { class: "type", title: e.stage ? `stage: ${e.stage}` : null }, e.type),
        e.stage ? h("span", { class: "stage" }, e.stage) : null,
        h("span", { class: "data" }, summarize(e.data),
          // A tool event names its audit row: link to it in the tool runs table.
          e.data && e.data.tool_run_id !== undefined
            ? [" ", h("a", { href: `#toolrun-${e.data.tool_run_id}`, class: "small", onclick: (ev) => {
              ev.preventDefault();
              const row = document.getElementById(`toolrun-${e.data.tool_run_id}`);
              if (row) { row.focus(); row.classList.add("hl"); setTimeout(() => row.classList.remove("hl"), 1500); }
            } }, "run ↗")] : null)));
      // Keep the newest event in view inside the list (not by scrolling the page).
      tl.scrollTop = tl.scrollHeight;
      // A terminal event: refresh the summary at once.
      if (/^job\.(succeeded|failed|cancel)/.test(e.type)) loadJob().then(loadRuns);
    },
    onState(state, msg) {
      $("#tl-state").textContent = state === "error" ? `error: ${msg}` : state;
      if (state === "done") loadJob().then(loadRuns);
    },
    isDone: async () => { await loadJob(); return done(); },
  });
}
