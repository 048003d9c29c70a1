// The stand-in for anywidget's model that the book's pages give the board's renderer (board.js): the same
// get / on / off / send, over one value, "values". The static pages' frames and the live engine's boards
// use this one model; a classic script, so it loads from a folder (file://) as well as over http.
// makeCaptureModel(values, send): values is the board's first values; send(message) carries a message to
// the engine (a static page's reaches nothing). apply(changed) takes the engine's changed values and
// redraws once; custom(message) hands the page a message from the engine (a saved file).
function makeCaptureModel(values, send) {
  const listeners = new Map();
  const fire = (event, ...args) => (listeners.get(event) || []).slice().forEach((fn) => fn(...args));
  let current = values || {};
  return {
    get: (key) => (key === "values" ? current : current[key]),
    set: (key, value) => { if (key === "values") { current = value; fire("change:values"); } },
    on: (event, fn) => { if (!listeners.has(event)) listeners.set(event, []); listeners.get(event).push(fn); },
    off: (event, fn) => { const l = listeners.get(event) || []; const i = l.indexOf(fn); if (i >= 0) l.splice(i, 1); },
    save_changes: () => {},
    send: (message) => send(message),
    apply: (changed) => { current = { ...current, ...changed }; fire("change:values"); },
    custom: (message) => fire("msg:custom", message),
  };
}
