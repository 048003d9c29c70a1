// The notebook host's side of a board (capture_lib/hosts/widget.py puts it after the board's module, whose
// default export it names `board`): it says when no Python kernel runs the board. A widget's model knows
// whether a kernel is behind it (ipywidgets' `comm_live`): not for a board restored from the widget state
// saved in the notebook (it shows the position reached, and plays nothing), nor once its kernel was
// restarted or shut down (the model hears "comm_live_update"). Such a board would look alive and do
// nothing; here it says why and what to do, and a click on it says so again.
//
// anywidget hands the renderer a stand-in for the model without `comm_live`; a listener added through it is
// called with the widget's view as `this`, and the view holds the model itself. A change of a value of the
// host's own (`_capture_probe`, set and removed at once, never sent) lets a listener read it at the start.
const PROBE = "_capture_probe";

function kernelBehind(view, fallback) {
  const real = view && view.model;
  return real && typeof real.comm_live === "boolean" ? real.comm_live : fallback;
}

function noticeText(values, restored) {
  const kept = values.under_way && values.resume
    ? " The new board offers to resume this game, which the computer that played it keeps."
    : "";
  return restored
    ? "This board shows the game as the notebook was saved; no Python kernel runs it, so it does not play. "
      + "To play on, run this cell (Run \u2192 Run Selected Cell, or Run All Cells)." + kept
    : "This board's Python kernel has stopped (restarted or shut down), so it no longer plays. "
      + "Run this cell again to play on." + kept;
}

export default {
  render({ model, el, ...rest }) {
    const notice = document.createElement("div");
    notice.className = "cap-kernel-notice";
    notice.setAttribute("role", "status");
    notice.hidden = true;
    const inner = document.createElement("div");
    el.append(notice, inner);
    let connected = true;
    const probe = function () { connected = kernelBehind(this, connected); };
    model.on(`change:${PROBE}`, probe);
    model.set(PROBE, 1);
    model.set(PROBE, undefined, { unset: true });
    model.off(`change:${PROBE}`, probe);
    const restored = !connected;
    const live = () => connected;
    const update = (again) => {
      notice.hidden = live();
      el.classList.toggle("cap-kernel-gone", !notice.hidden);
      if (notice.hidden) return;
      notice.textContent = noticeText(model.get("values") || {}, restored);
      if (again) notice.setAttribute("role", "alert");
    };
    const liveness = function () { connected = kernelBehind(this, connected); update(false); };
    model.on("comm_live_update", liveness);
    // The page's messages go to the kernel while there is one; without one, the notice is said again.
    const hosted = new Proxy(model, {
      get(target, name) {
        if (name === "send") return (...args) => (live() ? target.send(...args) : update(true));
        const value = target[name];
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    update(false);
    const cleanup = board.render({ model: hosted, el: inner, ...rest });
    return () => {
      model.off("comm_live_update", liveness);
      if (typeof cleanup === "function") cleanup();
    };
  },
};
