// The overlays: the registry and the built-in overlays, one file each,
// registered here in the order the panel lists them. A new overlay is a
// file beside these (its pure logic tested in a .test.ts beside it) and
// one line below.

import { basins } from "./basins.js";
import { blocks } from "./blocks.js";
import { danger } from "./danger.js";
import { influence } from "./influence.js";
import { legal } from "./legal.js";
import { moyo } from "./moyo.js";
import { potential } from "./potential.js";
import { regions } from "./regions.js";
import { registerOverlay } from "./registry.js";
import { score } from "./score.js";
import { status } from "./status.js";

export {
  allOverlays,
  drawOverlays,
  getOverlay,
  overlayAvailable,
  registerOverlay,
  type LegendEntry,
  type Overlay,
} from "./registry.js";

for (const o of [legal, influence, blocks, danger, potential, moyo, basins, score, status, regions]) registerOverlay(o);
