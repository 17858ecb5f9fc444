"""Whose is a long main-thread task: ours, PyScript's / Pyodide's, or the
browser's own (issue 13: "no main-thread task over 50 ms after first paint
that is ours"; PyScript's reported apart).

    import _tasks
    _tasks.install(context)                 # with bench/_browser.py instrument()
    _tasks.attribute(page, start, end)      # [(duration, kind, what)]

bench_floor.py's first reading took the longest script of the long animation
frame (LoAF) around a task. Two mistakes follow from it:
- our code that runs as the continuation of a promise PyScript resolves (the
  engine's ready answer, every odds answer: `await xworker.sync...` in
  static/js/engine.js) is reported by the LoAF as the entry point's script,
  PyScript's `MessagePort.onmessage` (core-*.js): ours counted as PyScript's;
- a frame holds several tasks: the longest script of the frame may lie in
  another task than the long one.

Here, for one long task [s, s + d]:
1. the LoAF scripts that ran inside the task, summed by source
   (static/vendor/ -> "pyscript", any other of the page's files -> "ours");
2. the page's own User Timing measures `tablecheck:*` inside the task
   (static/js/startup.js `step()`, the engine-state handler and the odds drawn)
   are ours wherever they run: their time moves from "pyscript" to "ours"
   when they lie inside a PyScript entry point;
3. the larger sum names the task; a task with no script in it (the frame's
   style, layout, paint) goes to whoever's scripts changed the page in that
   frame (the frame's script time by source; a `tablecheck:*` step in the
   frame counts as ours even when it ran under the LoAF's 5 ms threshold for
   listing a script), else "unattributed".
"""

INSTRUMENT = r"""
(() => {
  const t = window.__tasks = { frames: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        t.frames.push({ start: e.startTime, duration: e.duration,
          render: e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0,
          scripts: [...(e.scripts || [])].map((s) => ({ start: s.startTime, duration: s.duration,
            source: s.sourceURL ? new URL(s.sourceURL, location.href).pathname : '',
            what: `${(s.invoker || s.invokerType || '').replace(location.origin, '')} (${(s.sourceURL || '').split('/').pop()})` })) });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (e) { t.noFrames = String(e); }
})();
"""


def install(target):
    """Add the recording to a Playwright context or page (before any page script)."""
    target.add_init_script(INSTRUMENT)


def kind_of(source):
    if not source:
        return None
    return "pyscript" if "/static/vendor/" in source else "ours"


def _inside(a_start, a_end, b_start, b_end):
    """How long [a_start, a_end] and [b_start, b_end] overlap (ms)."""
    return max(0.0, min(a_end, b_end) - max(a_start, b_start))


def classify(task, frames, measures):
    """(kind, what) of one long task {start, duration}; `frames` as recorded by
    INSTRUMENT, `measures` [(name, start, duration)] of the page."""
    s, e = task["start"], task["start"] + task["duration"]
    frame = next((f for f in frames if f["start"] <= s + 1 and e <= f["start"] + f["duration"] + 1), None)
    if frame is None:  # no frame holds it whole: the one it overlaps most, if any
        best = max(frames, key=lambda f: _inside(s, e, f["start"], f["start"] + f["duration"]), default=None)
        if best is not None and _inside(s, e, best["start"], best["start"] + best["duration"]) > 0:
            frame = best
    sums = {"ours": 0.0, "pyscript": 0.0}
    scripts = []
    for script in (frame or {}).get("scripts", []):
        begin, end = script["start"], script["start"] + script["duration"]
        within = _inside(s, e, begin, end)
        kind = kind_of(script["source"])
        if within <= 0 or not kind:
            continue
        scripts.append((within, kind, script["what"]))
        mine = sum(_inside(begin, end, m, m + d) for _, m, d in measures) if kind == "pyscript" else 0.0
        sums[kind] += within - min(mine, within)
        sums["ours"] += min(mine, within)
    # our measures outside any script entry the LoAF lists (e.g. a first task)
    sums["ours"] = max(sums["ours"], sum(_inside(s, e, m, m + d) for _, m, d in measures))
    named = sorted(((d, n) for n, m, d in measures if _inside(s, e, m, m + d) > 0), reverse=True)[:2]
    detail = "; ".join(f"{w} {d:.0f} ms" for d, _, w in sorted(scripts, reverse=True)[:2])
    if named:
        detail += ("; " if detail else "") + ", ".join(f"{n} {d:.0f} ms" for d, n in named)
    if frame:
        detail += f"; frame {frame['duration']:.0f} ms, rendering {frame['render']} ms"
    if sums["ours"] or sums["pyscript"]:
        kind = "ours" if sums["ours"] >= sums["pyscript"] else "pyscript"
        return kind, f"{kind} {sums[kind]:.0f} ms of it: {detail}"
    if frame:  # no script in the task: the frame's rendering, for whoever changed the page
        by = {"ours": 0.0, "pyscript": 0.0}
        for script in frame["scripts"]:
            kind = kind_of(script["source"])
            if kind:
                by[kind] += script["duration"]
        # which of the page's steps changed it: our measures in the frame, longest first (the
        # LoAF lists only scripts over 5 ms: a step of ours under that is in no script entry)
        steps = sorted(((d, n) for n, m, d in measures
                        if m + d >= frame["start"] and m <= frame["start"] + frame["duration"]), reverse=True)[:3]
        if steps and not by["ours"]:
            by["ours"] = sum(d for d, _ in steps) or 0.001
        if any(by.values()):
            kind = max(by, key=by.get)
            after = f"; steps in the frame: {', '.join(f'{n} {d:.0f} ms' for d, n in steps)}" if steps else ""
            return kind, (f"no script in the task at {s:.0f} ms (style, layout, paint after {kind}'s {by[kind]:.0f} ms)"
                          f"{detail}{after}")
    return "unattributed", (detail.lstrip("; ") or "no long animation frame around it")


def attribute(page, start, end):
    """[(duration, kind, what)] of the long tasks that started in [start, end)
    (needs bench/_browser.py instrument() and install() on the context)."""
    tasks = page.evaluate("window.__bench.longtasks.map(t => ({start: t.start, duration: t.duration}))")
    frames = page.evaluate("(window.__tasks && window.__tasks.frames) || []")
    measures = page.evaluate("performance.getEntriesByType('measure').filter(m => m.name.startsWith('tablecheck:'))"
                             ".map(m => [m.name, m.startTime, m.duration])")
    found = []
    for task in tasks:
        if start is None or not (start <= task["start"] < end):
            continue
        kind, what = classify(task, frames, measures)
        found.append((task["duration"], kind, what))
    return found
