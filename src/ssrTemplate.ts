/**
 * The HTML page template (siteConfig.ssrTemplate). It differs from Docusaurus'
 * default in one place: the JavaScript bundles are not `<script defer>` tags
 * in the head but are started by a small loader once the server-rendered page
 * has painted.
 *
 * Why: with `defer`, a fast connection evaluates the ~160 KiB main bundle
 * before the first paint, so the content appears only after the whole React
 * start-up. Painting first puts the text on screen at once; hydration follows
 * a frame later. The bundles keep their order (async = false). A hidden tab,
 * which never paints, starts them after a short timeout instead.
 *
 * A page may ask for its bundles to wait: a script of its own sets
 * `window.__towerHydrateAfter` to a promise, and the bundles start once it
 * settles (or after HYDRATE_AFTER_LIMIT_MS whatever happens). The /search page uses this to
 * draw its first results before anything else competes for the connection
 * (plugins/search-index/first-paint.ts).
 */
/** How long a page's own script may hold its bundles back (window.__towerHydrateAfter). */
export const HYDRATE_AFTER_LIMIT_MS = 3000;

export const SSR_TEMPLATE = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <script>(function () {
  var bundles = [<% it.scripts.forEach((script, index) => { %><%~ index ? ',' : '' %>'<%= it.baseUrl %><%= script %>'<% }); %>];
  var started = false;
  function start() {
    if (started) return;
    started = true;
    bundles.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  function startWhenReady() {
    var gate = window.__towerHydrateAfter;
    if (gate && gate.then) gate.then(start, start);
    else start();
  }
  requestAnimationFrame(function () { setTimeout(startWhenReady, 0); });
  setTimeout(startWhenReady, 1000);
  setTimeout(start, ${HYDRATE_AFTER_LIMIT_MS});
})();</script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
