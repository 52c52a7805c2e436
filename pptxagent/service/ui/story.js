// The quality story of one render, in one vocabulary, for the deck page (from the version's
// `story`) and the job's timeline (from each `critic` event): found (by the visual QA) →
// corrected (by the fill's QA correction pass) → re-checked (what is still open) → the
// critic's gates and its critic correction passes.

import { h } from "./util.js";

const GATES = ["fit", "overlap", "contrast", "completeness"];
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** The critic's gates as chips: "✓ fit", "✗ contrast". */
export function gateChips(gates) {
  const names = [...GATES.filter((g) => g in (gates || {})), ...Object.keys(gates || {}).filter((g) => !GATES.includes(g))];
  return h("span", { class: "chips gates" }, ...names.map((g) => h("span", {
    class: `chip gate ${gates[g] ? "pass" : "fail"}`, title: `${g} gate ${gates[g] ? "passes" : "fails"}`,
  }, `${gates[g] ? "✓" : "✗"} ${g}`)));
}

/**
 * The story as an ordered list. `counts`: QaCounts ({found, resolved, unresolved, open,
 * accepted, live, corrected_slides, dropped_slides}); `stage`: the tool that rendered
 * (render.template_render …); `critic`: {gates, score, passes, why} or null.
 */
export function storyList({ counts, stage = null, critic = null, id = null }) {
  const c = { found: 0, resolved: 0, unresolved: 0, open: 0, accepted: 0, live: 0, corrected_slides: 0, dropped_slides: 0, ...counts };
  const by = stage ? ` (visual QA of ${stage})` : " (visual QA)";
  const ran = c.corrected_slides + c.dropped_slides;
  const step = (cls, head, ...body) => h("li", { class: `step ${cls}` }, h("strong", {}, head), " ", ...body);
  const items = [
    step("found", "Found", plural(c.found, "issue", "issues"), by,
      c.accepted ? h("span", { class: "muted" }, `; ${c.accepted} more the template has itself (accepted)`) : null),
    ran ? step("corrected", "Corrected", `the QA correction pass ran on ${plural(ran, "slide", "slides")}: `,
      h("span", { class: "chip is-resolved" }, `${c.resolved} resolved`), " ",
      h("span", { class: `chip ${c.unresolved ? "is-live" : ""}` }, `${c.unresolved} unresolved`),
      c.dropped_slides ? h("span", { class: "muted" }, ` (dropped on ${plural(c.dropped_slides, "slide", "slides")}: no better)`) : null)
      : step("corrected", "Corrected", h("span", { class: "muted" }, c.found ? "no QA correction pass (nothing critical)" : "nothing to correct")),
    step("checked", "Re-checked", h("span", { class: `chip ${c.live ? "is-live" : "is-resolved"}` }, `${c.live} open`)),
  ];
  if (critic) {
    const failing = Object.entries(critic.gates || {}).filter(([, ok]) => !ok).map(([g]) => g);
    items.push(step("critic", "Critic", gateChips(critic.gates || {}), " ",
      typeof critic.score === "number" ? `score ${critic.score.toFixed(2)}; ` : "",
      critic.passes !== undefined && critic.passes !== null
        ? plural(critic.passes, "critic correction pass", "critic correction passes")
        : (critic.why || (failing.length ? `${failing.join(", ")} failing` : "all gates pass"))));
  }
  return h("ol", { class: "story", id }, ...items);
}
