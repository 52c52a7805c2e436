// API client: every request carries the bearer token kept in sessionStorage.
// No framework, no build step: a plain ES module.

const TOKEN_KEY = "pptxagent.token";

export function getToken() { return sessionStorage.getItem(TOKEN_KEY) || ""; }
export function setToken(t) { sessionStorage.setItem(TOKEN_KEY, t); }
export function clearToken() { sessionStorage.removeItem(TOKEN_KEY); }

/** An HTTP error with the status and the server's message (FastAPI's `detail`). */
export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

function authHeaders(extra = {}) {
  return { Authorization: `Bearer ${getToken()}`, ...extra };
}

async function failure(res) {
  let msg = `${res.status} ${res.statusText}`;
  try {
    const body = await res.json();
    // FastAPI wraps the service's problem {detail, path, field} in its own `detail`.
    let d = body && body.detail;
    if (d && typeof d === "object" && !Array.isArray(d) && typeof d.detail === "string") {
      d = d.detail + (d.path ? ` (at ${d.path})` : "");
    }
    if (typeof d === "string") msg = `${res.status}: ${d}`;
    else if (Array.isArray(d)) msg = `${res.status}: ` + d.map((e) => `${(e.loc || []).join(".")}: ${e.msg}`).join("; ");
    else if (d) msg = `${res.status}: ${JSON.stringify(d)}`;
  } catch { /* not JSON */ }
  if (res.status === 401) window.dispatchEvent(new CustomEvent("pptx:unauthorized"));
  return new ApiError(res.status, msg);
}

/** GET/POST JSON; `body` may be a FormData (multipart upload). */
export async function api(path, { method = "GET", body, headers = {}, signal } = {}) {
  const res = await fetch(path, { method, body, signal, headers: authHeaders({ Accept: "application/json", ...headers }) });
  if (!res.ok) throw await failure(res);
  if (res.status === 204) return null;
  return res.json();
}

/** A binary resource (thumbnail, .pptx) fetched with the token, as an object URL. */
const blobCache = new Map();
export async function blobUrl(path) {
  if (blobCache.has(path)) return blobCache.get(path);
  const res = await fetch(path, { headers: authHeaders() });
  if (!res.ok) throw await failure(res);
  const url = URL.createObjectURL(await res.blob());
  blobCache.set(path, url);
  return url;
}

/** Does a GET route exist? (404/405 → false; used for the optional /api/themes.) */
export async function tryApi(path) {
  try { return await api(path); } catch (e) { if (e.status === 404 || e.status === 405) return null; throw e; }
}

/**
 * Parse a Server-Sent Events byte stream read with fetch (EventSource cannot send an
 * Authorization header). Calls onEvent({id, event, data}) per event; comments (": ping")
 * are ignored. Returns when the server closes the stream.
 */
export async function readSse(res, onEvent, signal) {
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  let ev = { id: null, event: "message", data: [] };
  const dispatch = () => {
    if (ev.data.length) onEvent({ id: ev.id, event: ev.event, data: ev.data.join("\n") });
    ev = { id: null, event: "message", data: [] };
  };
  // Handle the complete lines in `buf` (lines end in \n, \r\n or \r; an empty line ends an
  // event). A \r at the very end may be half of a \r\n split across chunks: it waits for the
  // next chunk unless the stream has ended (`final`).
  const drain = (final) => {
    let m;
    while ((m = /\r\n|\n|\r/.exec(buf)) !== null) {
      if (m[0] === "\r" && m.index === buf.length - 1 && !final) break;
      const line = buf.slice(0, m.index);
      buf = buf.slice(m.index + m[0].length);
      if (line === "") { dispatch(); continue; }
      if (line.startsWith(":")) continue; // a comment (": ping")
      const i = line.indexOf(":");
      const field = i < 0 ? line : line.slice(0, i);
      let val = i < 0 ? "" : line.slice(i + 1);
      if (val.startsWith(" ")) val = val.slice(1);
      if (field === "id") ev.id = val;
      else if (field === "event") ev.event = val;
      else if (field === "data") ev.data.push(val);
    }
  };
  while (!signal || !signal.aborted) {
    const { value, done } = await reader.read();
    if (done) { drain(true); break; }
    buf += value;
    drain(false);
  }
  reader.cancel().catch(() => {});
}

/**
 * Follow a job's events: SSE on /api/jobs/{id}/events (resuming with Last-Event-ID after a
 * dropped connection), falling back to polling `?after=N` when streaming fails.
 * onEvent gets normalized events {seq, type, ts, stage, severity, data}; isDone() says when
 * to stop (the job is terminal). Returns a stop() function.
 */
export function followEvents(jobId, { onEvent, onState, isDone }) {
  const ctl = new AbortController();
  let last = 0;
  const base = `/api/jobs/${encodeURIComponent(jobId)}/events`;
  const deliver = (e) => {
    const n = normEvent(e);
    if (n.seq !== null && n.seq <= last) return; // already shown (resume overlap)
    if (n.seq !== null) last = n.seq;
    onEvent(n);
  };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  async function stream() {
    const headers = authHeaders({ Accept: "text/event-stream" });
    if (last > 0) headers["Last-Event-ID"] = String(last);
    const res = await fetch(base, { headers, signal: ctl.signal });
    if (!res.ok) throw await failure(res);
    const type = res.headers.get("content-type") || "";
    if (!type.includes("text/event-stream") || !res.body) {
      // The server answered JSON: no SSE here; take what it sent and poll from now on.
      (await res.json()).forEach?.(deliver);
      throw new Error("no event stream");
    }
    onState("live");
    await readSse(res, (sse) => {
      let data;
      try { data = JSON.parse(sse.data); } catch { data = { text: sse.data }; }
      // The event's own fields win; the SSE id/event fill in what the payload lacks.
      // `data:` is either the whole event row ({seq, type, data|payload, …}) or its payload.
      const obj = data && typeof data === "object" && !Array.isArray(data) ? data : { value: data };
      const whole = "payload" in obj || "event_type" in obj || "seq" in obj || ("type" in obj && "data" in obj);
      const seq = sse.id !== null && sse.id !== "" ? Number(sse.id) : undefined;
      deliver(whole ? { seq, type: sse.event, ...obj } : { seq, type: sse.event, data: obj });
    }, ctl.signal);
  }

  async function poll() {
    onState("polling");
    while (!ctl.signal.aborted) {
      const evs = await api(`${base}?after=${last}`, { signal: ctl.signal });
      (Array.isArray(evs) ? evs : evs.events || []).forEach(deliver);
      if (await isDone()) return;
      await sleep(1500);
    }
  }

  (async () => {
    let failures = 0;
    while (!ctl.signal.aborted) {
      try {
        await stream();
        // The server closes the stream when the job is terminal; else reconnect and resume.
        if (await isDone()) break;
      } catch (e) {
        if (ctl.signal.aborted) return;
        if (e.status === 401 || e.status === 404) { onState("error", e.message); return; }
        failures += 1;
        if (failures >= 2) {
          try { await poll(); } catch (e2) { if (!ctl.signal.aborted) onState("error", e2.message); return; }
          break;
        }
        await sleep(1000);
      }
    }
    if (!ctl.signal.aborted) onState("done");
  })();
  return () => ctl.abort();
}

/** One event in a common shape, whatever the server calls its fields. */
export function normEvent(e) {
  const seq = e.seq ?? e.id ?? null;
  return {
    seq: seq === null || seq === undefined || Number.isNaN(Number(seq)) ? null : Number(seq),
    type: e.type ?? e.event_type ?? e.event ?? "event",
    ts: e.ts ?? e.created_at ?? e.time ?? null,
    stage: e.stage ?? "",
    severity: e.severity ?? "info",
    data: e.data ?? e.payload ?? e.payload_json ?? {},
  };
}
