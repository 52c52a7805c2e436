// One slide with its QA issues, in the service: the slide component (qa/slide.js, the one
// batch's review.html and qa's contact-sheet.html inline too) with the pictures fetched
// with the token. Its rules: only live issues (open, unresolved) are alarms, a resolved one
// is shown before → after, the template's own (accepted) are listed, never drawn.

import { blobUrl } from "./api.js";
import { slideCard as card } from "./qa/slide.js";

export { issuesBySlide, LIVE, qualityBadge } from "./qa/slide.js";

/** A slide card (`qa/slide.js`'s `slideCard`) whose pictures are API paths. */
export function slideCard(args) {
  return card({ ...args, load: blobUrl });
}
