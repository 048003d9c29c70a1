// What this browser has won in the book's courses, as the book's boards keep it (board.js keeps the best
// stars of each level under "capture-course:GAME"), and what of it was won since the student joined the class:
// the class page keeps what the browser had won at the moment of joining, which the teacher sees only if
// the student says yes.

export const JOINED = "capture-class";

export function storage() { try { return window.localStorage; } catch (err) { return null; } }

export function readJSON(key, fallback) {
  const store = storage();
  try { return JSON.parse((store && store.getItem(key)) || "null") ?? fallback; } catch (err) { return fallback; }
}

export function writeJSON(key, value) {
  const store = storage();
  try { if (store) store.setItem(key, JSON.stringify(value)); } catch (err) { /* storage full or off */ }
}

// {game: {level: stars}}
export function courseProgress() {
  const store = storage();
  const out = {};
  if (!store) return out;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key || !key.startsWith("capture-course:")) continue;
    const won = readJSON(key, {});
    const cleaned = Object.fromEntries(Object.entries(won || {}).filter(([, stars]) => Number.isInteger(stars) && stars >= 1 && stars <= 3));
    if (Object.keys(cleaned).length) out[key.slice("capture-course:".length)] = cleaned;
  }
  return out;
}

export const levelCount = (progress) => Object.values(progress).reduce((n, levels) => n + Object.keys(levels).length, 0);

export const beforeKey = (joined) => `capture-class-before:${joined.class.code}:${joined.you.id}`;

// What was won since joining: a level not won before, or won again with more stars.
export function sinceJoining(joined) {
  const before = readJSON(beforeKey(joined), {});
  const out = {};
  for (const [game, levels] of Object.entries(courseProgress())) {
    for (const [level, stars] of Object.entries(levels)) {
      if (stars > ((before[game] || {})[level] || 0)) (out[game] = out[game] || {})[level] = stars;
    }
  }
  return out;
}
