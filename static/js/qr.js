// A QR code of a text drawn on a canvas, offline: the vendored lean-qr
// module (static/vendor/lean-qr/, pinned in package.json, checked by
// tools/build.py, precached by the service worker), loaded on first use.

let lib = null;

function load() {
  if (!lib) lib = import('../vendor/lean-qr/index.mjs');
  return lib;
}

/** Draw `text` on `canvas` (one pixel per module, a quiet zone of 4, dark
 * on white in any theme: scale it up with CSS, image-rendering: pixelated).
 * Resolves to the number of modules per side, without the quiet zone. */
export async function drawQR(canvas, text) {
  const { generate, correction } = await load();
  const code = generate(text, { minCorrectionLevel: correction.M });
  code.toCanvas(canvas, { on: [0, 0, 0, 255], off: [255, 255, 255, 255], pad: 4 });
  canvas.dataset.modules = String(code.size);
  return code.size;
}
