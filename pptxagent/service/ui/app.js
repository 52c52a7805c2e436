// pptxagent UI: a tiny hash router over five views (login, jobs, submit, job, deck).
// Plain ES modules, no build step, no network dependencies.

import { api, clearToken, getToken, setToken, tryApi } from "./api.js";
import { $, fmtDuration, fmtTime, h, jobId, labelChips, statusBadge } from "./util.js";
import { showJob } from "./job.js";
import { showDeck } from "./deck.js";

let leave = null;            // cleanup of the current view (timers, streams)

function showView(name) {
  document.querySelectorAll(".view").forEach((v) => { v.hidden = v.id !== `view-${name}`; });
  $("#nav").hidden = name === "login";
  document.querySelectorAll("#nav a").forEach((a) => {
    if (a.getAttribute("href") === `#/${name}`) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  });
}

async function route() {
  if (leave) { leave(); leave = null; }
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query] = hash.split("?");
  const parts = path.split("/").filter(Boolean);
  if (!getToken()) { showView("login"); $("#token").focus(); return; }
  try {
    if (parts[0] === "jobs" && parts[1]) { showView("job"); leave = showJob(decodeURIComponent(parts[1])); }
    else if (parts[0] === "decks" && parts[1]) {
      showView("deck");
      const params = new URLSearchParams(query || "");
      const v = params.get("v");
      leave = showDeck(decodeURIComponent(parts[1]), v ? Number(v) : null, params.get("compare"));
    } else if (parts[0] === "submit") { showView("submit"); await initSubmit(); }
    else { showView("jobs"); leave = showJobs(); }
  } catch (e) { console.error(e); }
  $("#main").focus({ preventScroll: true });
}

// ---- login -----------------------------------------------------------------------------
$("#login-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const t = $("#token").value.trim();
  setToken(t);
  $("#login-error").textContent = "";
  try {
    await api("/api/jobs");             // checks the token
    $("#token").value = "";
    if (!location.hash || location.hash === "#/login") location.hash = "#/jobs";
    else route();
  } catch (e) {
    clearToken();
    $("#login-error").textContent = e.status === 401 ? "That token was refused." : e.message;
  }
});
$("#logout").addEventListener("click", () => { clearToken(); location.hash = "#/login"; route(); });
window.addEventListener("pptx:unauthorized", () => {
  clearToken();
  if ($("#view-login").hidden) { $("#login-error").textContent = "Your token was refused; log in again."; route(); }
});

// ---- jobs list ---------------------------------------------------------------------------
function jobRow(j) {
  const id = jobId(j);
  const title = j.deck_title || `${j.kind} job ${String(id).slice(0, 8)}`;
  const version = j.result && j.result.version ? `v${j.result.version}` : null;
  return h("tr", { "data-job": id, "data-status": j.status },
    h("td", {}, h("a", { href: `#/jobs/${encodeURIComponent(id)}`, class: "title" }, title),
      version || j.revises ? h("div", { class: "small muted" },
        [version, j.revises ? `revision of v${j.revises}` : null].filter(Boolean).join(" · "), " ",
        j.deck_id ? h("a", { href: `#/decks/${encodeURIComponent(j.deck_id)}`, "aria-label": `Open the deck ${title}` }, "deck") : null) : null),
    h("td", {}, j.source || "—"),
    h("td", {}, j.kind || "—"),
    h("td", { title: j.error ? JSON.stringify(j.error) : null }, statusBadge(j.status),
      j.attempts > 1 ? h("span", { class: "small muted" }, ` attempt ${j.attempts}`) : null),
    h("td", {}, labelChips(j.labels)),
    h("td", { class: "num" }, j.duration_s === null || j.duration_s === undefined ? "—" : fmtDuration(j.duration_s * 1000)),
    h("td", {}, j.submitted_by || "—"),
    h("td", {}, fmtTime(j.created_at)));
}

function showJobs() {
  let timer = null;
  const body = $("#jobs-table tbody");
  body.replaceChildren();            // never the rows of an earlier visit
  async function load() {
    const status = $("#jobs-status").value;
    try {
      const res = await api(`/api/jobs${status ? `?status=${encodeURIComponent(status)}` : ""}`);
      const jobs = Array.isArray(res) ? res : res.jobs || [];
      $("#jobs-error").textContent = "";
      $("#jobs-empty").hidden = jobs.length > 0 || Boolean(status);
      $("#jobs-none").hidden = jobs.length > 0 || !status;
      $("#jobs-none-status").textContent = status;
      $("#jobs-wrap").hidden = jobs.length === 0;
      body.replaceChildren(...jobs.map(jobRow));
    } catch (e) {
      $("#jobs-error").textContent = e.message;
      if (!body.children.length) { $("#jobs-wrap").hidden = true; $("#jobs-empty").hidden = true; }
    }
  }
  function schedule() {
    clearInterval(timer);
    if ($("#jobs-auto").checked) timer = setInterval(load, 3000);
  }
  $("#jobs-auto").onchange = schedule;
  $("#jobs-refresh").onclick = load;
  $("#jobs-status").onchange = load;
  $("#jobs-all").onclick = () => { $("#jobs-status").value = ""; load(); };
  load(); schedule();
  return () => clearInterval(timer);
}

// ---- submit form -------------------------------------------------------------------------
let themesLoaded = false;
async function initSubmit() {
  if (themesLoaded) return;
  themesLoaded = true;
  // The theme list comes from /api/themes when the service has it.
  let names = ["default", "dark", "corporate"];
  try {
    // Ask only when the (public) OpenAPI document lists the route: no 404 in the console.
    const doc = await (await fetch("/openapi.json")).json();
    const res = doc.paths && doc.paths["/api/themes"] ? await tryApi("/api/themes") : null;
    const list = res && (Array.isArray(res) ? res : res.themes);
    if (list && list.length) names = list.map((t) => (typeof t === "string" ? t : t.name));
  } catch { /* keep the defaults */ }
  $("#theme").replaceChildren(...names.map((n) => h("option", { value: n }, n)));
}

function kind() { return document.querySelector('input[name="kind"]:checked').value; }
document.querySelectorAll('input[name="kind"]').forEach((r) => r.addEventListener("change", () => {
  $("#fill-fields").hidden = kind() !== "fill";
  $("#compose-fields").hidden = kind() !== "compose";
}));

/** JSON from a file input or its textarea, as a Blob part; validates it parses. */
async function jsonPart(fileInput, textarea, what) {
  const f = fileInput.files[0];
  const text = f ? await f.text() : textarea.value.trim();
  if (!text) throw new Error(`Give the ${what} JSON (a file or the text box).`);
  try { JSON.parse(text); } catch (e) { throw new Error(`The ${what} is not valid JSON: ${e.message}`); }
  return [new Blob([text], { type: "application/json" }), f ? f.name : `${what}.json`];
}

$("#submit-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const err = $("#submit-error");
  err.textContent = "";
  const fd = new FormData();
  try {
    fd.append("kind", kind());
    if (kind() === "fill") {
      const t = $("#template").files[0];
      if (!t) throw new Error("Choose a template .pptx.");
      fd.append("template", t, t.name);
      fd.append("content", ...(await jsonPart($("#content-file"), $("#content-text"), "content")));
    } else {
      fd.append("outline", ...(await jsonPart($("#outline-file"), $("#outline-text"), "outline")));
      fd.append("theme", $("#theme").value);
    }
    for (const f of $("#assets").files) fd.append("assets", f, f.name);
    fd.append("agent_mode", $("#agent_mode").value);
    fd.append("quality_profile", $("#quality_profile").value);
    fd.append("max_correction_passes", $("#max_correction_passes").value);
  } catch (e) { err.textContent = e.message; return; }
  $("#submit-btn").disabled = true;
  try {
    const res = await api("/api/decks/generate", { method: "POST", body: fd });
    location.hash = `#/jobs/${encodeURIComponent(jobId(res))}`;
  } catch (e) {
    err.textContent = e.status === 429 ? `Queue full: ${e.message}` : e.message;
  } finally { $("#submit-btn").disabled = false; }
});

window.addEventListener("hashchange", route);
route();
