// The job page: summary, the story of its renders, the live event timeline (SSE or polling),
// and the tool runs with their files.

import { api, followEvents } from "./api.js";
import { $, fmtClock, fmtDuration, fmtTime, h, labelChips, statusBadge, TERMINAL } from "./util.js";
import { eventBody, fileLink, hashCode, storyOf, toolChip } from "./events.js";

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
    const msg = typeof e === "string" ? e : e.message ?? e.detail ?? e.reason ?? JSON.stringify(e);
    rows.push(["Error", h("span", { class: "error-text", id: "job-error-msg" }, msg)]);
  }
  $("#job-summary").replaceChildren(...rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

function renderToolRuns(runs) {
  const list = Array.isArray(runs) ? runs : runs.tool_runs || runs.runs || [];
  $("#toolruns tbody").replaceChildren(...list.map((r) => {
    const attempt = r.attempt ?? 1;
    const files = Object.entries(r.artifacts || {});
    return h("tr", { class: `tool-${r.status}`, id: r.id !== undefined ? `toolrun-${r.id}` : null, tabindex: "-1" },
      h("td", {}, toolChip(r.tool ?? r.tool_name)),
      h("td", {}, statusBadge(r.status), r.started === false ? h("span", { class: "muted" }, " not started") : null,
        r.error ? h("div", { class: "small error-text" }, String(r.error).slice(0, 200)) : null),
      h("td", { class: "num" }, attempt > 1 ? h("strong", { title: `retry ${attempt - 1}` }, `${attempt} (retry)`) : String(attempt)),
      h("td", { class: "num" }, r.duration_ms !== null && r.duration_ms !== undefined ? Math.round(r.duration_ms).toLocaleString() : "—"),
      h("td", {}, files.length ? h("ul", { class: "files" }, ...files.map(([name, sha]) => h("li", {}, fileLink(sha, name))))
        : h("span", { class: "muted" }, "—")),
      h("td", { class: "small" }, "in ", hashCode(r.input_hash, "input JSON"), h("br"), "out ", hashCode(r.output_hash, "output JSON")));
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
  $("#job-story").replaceChildren(h("p", { class: "small muted" }, "The story appears once the deck is rendered and judged."));
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
  const story = storyOf($("#job-story"));
  return followEvents(id, {
    onEvent(e) {
      const sev = String(e.severity || "info").toLowerCase();
      tl.append(h("li", { class: `ev sev-${sev}`, "data-seq": e.seq ?? "", "data-type": e.type },
        h("span", { class: "seq" }, e.seq ?? "·"),
        h("span", { class: "ts" }, fmtClock(e.ts)),
        h("span", { class: "type", title: e.stage ? `stage: ${e.stage}` : null }, e.type),
        h("span", { class: "data" }, ...eventBody(e),
          // A tool event names its audit row: link to it in the tool runs table.
          e.data && e.data.tool_run_id !== undefined && e.data.tool_run_id !== null
            ? [" ", h("a", { href: `#toolrun-${e.data.tool_run_id}`, class: "small", onclick: (ev) => {
              ev.preventDefault();
              const row = document.getElementById(`toolrun-${e.data.tool_run_id}`);
              if (row) { row.focus(); row.classList.add("hl"); setTimeout(() => row.classList.remove("hl"), 1500); }
            } }, `tool run ${e.data.tool_run_id}`)] : null)));
      story(e);
      // Keep the newest event in view inside the list (not by scrolling the page).
      tl.scrollTop = tl.scrollHeight;
      // A terminal event: refresh the summary at once.
      if (/^job\.(succeeded|failed|cancel)/.test(e.type)) loadJob().then(loadRuns);
    },
    onState(state, msg) {
      $("#tl-state").textContent = state === "error" ? `error: ${msg}` : state;
      if (state === "done") {
        loadJob().then(loadRuns);
        if (!$("#job-story .story")) {
          $("#job-story").replaceChildren(h("p", { class: "small muted", id: "no-story" },
            "No render was judged in this job (agent mode off, a tool job, or it failed first)",
            $("#open-deck") ? ": the deck's page tells its quality story." : "."));
        }
      }
    },
    isDone: async () => { await loadJob(); return done(); },
  });
}
