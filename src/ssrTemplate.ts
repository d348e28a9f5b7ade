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
 */

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
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 1000);
})();</script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
