// The live book's service worker: a second visit downloads no runtime, and the book keeps working when
// the network drops after a first visit.
//
// The book's build writes it to the book's root as capture-sw.js (a service worker serves the pages below
// its own folder), after a line that defines MANIFEST: {version, files}, the runtime, engine, page loader
// and board files, each under a folder or name that changes with its content (book/_ext/static_book.py).
// The page loader registers it once the engine is ready (loader.js, keepOffline), so its first downloads
// come from the browser's cache, never the network again.
//
// - Installing, it keeps every file of MANIFEST in a cache named after the version.
// - Files whose address names their version (those, and the theme's `?v=`/`?digest=` files) are answered
//   from the cache first: they never change.
// - Everything else (the pages) is asked of the network first, kept, and answered from the cache only
//   when the network fails, so a rebuilt book reaches the reader at once.
// - A page tells it which files it used (a message {type: "keep", urls}): they are kept the same way, so
//   the first page read opens again offline with its stylesheets and scripts.
// - A new version keeps an old version's caches while a page read before the rebuild still needs them: each old
//   page leaves once the new version has cached its replacement, and an old version's runtime with its last
//   page (retire), so whatever a reader could open offline before a rebuild, they still can.
/* global MANIFEST */

const RUNTIME = `capture-runtime-${MANIFEST.version}`;
const PAGES = `capture-pages-${MANIFEST.version}`;
const scope = new URL(self.registration.scope);

function fixed(url) {
  // The address changes with the content: a folder named by a hash, or a version in the query.
  const path = url.pathname.slice(scope.pathname.length);
  return /^_static\/capture\/(boards|live|runtime|engine)\//.test(path) || /(^|&)(v|digest)=/.test(url.search.slice(1));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(RUNTIME)
    .then((cache) => cache.addAll(MANIFEST.files.map((path) => new URL(path, scope).href)))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(retire().then(() => self.clients.claim()));
});

// Older versions' caches go once nothing in them is needed: an old page is dropped when this version has cached
// the page that replaces it, and an old version's pages and runtime go together with its last page. Caches of
// no version this worker knows are dropped at once.
async function retire() {
  const names = (await caches.keys()).filter((name) => name.startsWith("capture-") && name !== RUNTIME && name !== PAGES);
  const fresh = await caches.open(PAGES);
  for (const name of names) {
    if (!name.startsWith("capture-pages-")) {
      if (!names.includes(name.replace("capture-runtime-", "capture-pages-"))) await caches.delete(name);
      continue;
    }
    const old = await caches.open(name);
    let pages = 0;
    for (const request of await old.keys()) {
      if (fixed(new URL(request.url))) continue;
      if (await fresh.match(request, { ignoreVary: true })) await old.delete(request);
      else pages += 1;
    }
    if (!pages) await Promise.all([caches.delete(name), caches.delete(name.replace("capture-pages-", "capture-runtime-"))]);
  }
}

async function fromCacheFirst(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) (await caches.open(PAGES)).put(request, answer.clone());
  return answer;
}

async function fromNetworkFirst(request) {
  try {
    const answer = await fetch(request);
    if (answer.ok) (await caches.open(PAGES)).put(request, answer.clone()).then(retire);
    return answer;
  } catch (err) {
    const kept = await caches.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith(fixed(url) ? fromCacheFirst(request) : fromNetworkFirst(request));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil(caches.open(PAGES).then((cache) => Promise.all(data.urls.map(async (href) => {
    const url = new URL(href, scope);
    if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
    if (await caches.match(url.href)) return;
    // The browser's cache answers these (the page has just loaded them): nothing is downloaded again.
    const answer = await fetch(url.href).catch(() => null);
    if (answer && answer.ok) await cache.put(url.href, answer);
  }))));
});
