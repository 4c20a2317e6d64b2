// Kitty TD's service worker: a side's table page, and the files it needs, still open for a
// while without the network (the page then says it is offline). Only a side's own page (or a
// player's own link) is kept on its phone: never a director's page, which shows every side's PIN. Every request
// goes to the network first, so nothing stale is shown while the network is there.
"use strict";
const CACHE = "kitty-td-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const page = /^\/[sp]\/[^/]+\/$/.test(url.pathname) && !url.search;
  const asset = url.pathname.startsWith("/static/");
  if (!page && !asset) return;
  const key = page ? url.pathname : request;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      .catch(() => caches.match(key).then((kept) => kept || Response.error()))
  );
});
