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
 * A page can hold the bundles back while a script of its own paints: it marks
 * an element `data-hold-bundles` in its HTML and removes the mark when done.
 * The search page does, while its first paint draws the first results
 * (plugins/search-index/first-paint): hydrating meanwhile would compete with
 * those results for the connection and the main thread. The hold ends after
 * HOLD_MS whatever happens.
 */
const HOLD_MS = 3000;

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
  function startUnlessHeld() {
    var held = document.querySelector('[data-hold-bundles]');
    if (!held) return start();
    new MutationObserver(function () {
      if (!held.hasAttribute('data-hold-bundles')) start();
    }).observe(held, {attributes: true, attributeFilter: ['data-hold-bundles']});
    setTimeout(function () { held.removeAttribute('data-hold-bundles'); }, ${HOLD_MS});
  }
  requestAnimationFrame(function () { setTimeout(startUnlessHeld, 0); });
  setTimeout(startUnlessHeld, 1000);
})();</script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
