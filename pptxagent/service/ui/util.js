// Small DOM and formatting helpers shared by the views. `h` (create an element) is the slide
// component's (qa/slide.js), so every page builds its DOM the same way.

import { h, WORDS } from "./qa/slide.js";

export { h };

export const $ = (sel, root = document) => root.querySelector(sel);

/** Seconds or ISO string → Date (null when missing). */
export function toDate(v) {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "number") return new Date(v > 1e12 ? v : v * 1000);
  // A naive ISO timestamp from the database is UTC.
  const s = typeof v === "string" && !/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v + "Z" : v;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function fmtTime(v) {
  const d = toDate(v);
  return d ? d.toLocaleString(undefined, { dateStyle: "short", timeStyle: "medium" }) : "—";
}

export function fmtClock(v) {
  const d = toDate(v);
  return d ? d.toLocaleTimeString(undefined, { hour12: false }) + "." + String(d.getMilliseconds()).padStart(3, "0") : "";
}

export function fmtDuration(ms) {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export const jobId = (j) => j.id ?? j.job_id;
export const TERMINAL = new Set(["succeeded", "failed", "cancelled", "canceled"]);

export function statusBadge(status) {
  return h("span", { class: `badge st-${String(status || "unknown").toLowerCase()}` }, status || "?");
}


/** Slide label counts as chips: "2 clean · 1 warnings" (— when there are none). */
export function labelChips(labels) {
  if (!labels) return h("span", { class: "muted" }, "—");
  const chips = Object.entries(WORDS).filter(([k]) => labels[k] > 0)
    .map(([k, word]) => h("span", { class: `chip q-${k}`, title: `${labels[k]} slide(s) ${k}` }, `${labels[k]} ${word}`));
  return chips.length ? h("span", { class: "chips" }, ...chips) : h("span", { class: "muted" }, "no slides");
}
