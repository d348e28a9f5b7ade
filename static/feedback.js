/*
 * "Was this page helpful?" widget, loaded once the page has loaded and the
 * browser is idle (src/clientModules/feedbackWidget.ts). It appends itself
 * under each docs article, also after client-side navigation. With no endpoint configured (the default) the answer
 * opens a prefilled e-mail to support; with <meta name="tower-feedback-endpoint">
 * it POSTs {page, helpful} there instead.
 */
(function () {
  'use strict';
  var SUPPORT = 'hello@tower.dev';
  var WIDGET_CLASS = 'tower-feedback';

  function endpoint() {
    var meta = document.querySelector('meta[name="tower-feedback-endpoint"]');
    return meta && meta.content ? meta.content : null;
  }

  function mailto(helpful) {
    var subject = 'Docs feedback: ' + document.title;
    var body =
      'Page: ' + location.href + '\n' +
      'Helpful: ' + (helpful ? 'yes' : 'no') + '\n\n' +
      'What could be better?\n';
    return 'mailto:' + SUPPORT + '?subject=' + encodeURIComponent(subject) +
      '&body=' + encodeURIComponent(body);
  }

  function thank(box, helpful) {
    box.replaceChildren();
    var text = document.createElement('p');
    text.className = WIDGET_CLASS + '__thanks';
    text.setAttribute('role', 'status');
    text.textContent = 'Thank you for the feedback.';
    box.appendChild(text);
    if (!endpoint()) {
      var link = document.createElement('a');
      link.href = mailto(helpful);
      link.textContent = 'Tell us more by e-mail';
      box.appendChild(link);
    }
  }

  function answer(box, helpful) {
    var url = endpoint();
    if (url) {
      try {
        fetch(url, {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({page: location.pathname, helpful: helpful}),
          keepalive: true,
        }).catch(function () {});
      } catch (e) {
        /* feedback is best effort */
      }
    }
    thank(box, helpful);
  }

  function build() {
    var box = document.createElement('aside');
    box.className = WIDGET_CLASS;
    box.setAttribute('aria-label', 'Page feedback');
    var question = document.createElement('span');
    question.className = WIDGET_CLASS + '__question';
    question.textContent = 'Was this page helpful?';
    box.appendChild(question);
    // The two answers stay together: on a phone they wrap as a pair, never "No" alone.
    var choices = document.createElement('span');
    choices.className = WIDGET_CLASS + '__choices';
    [['Yes', true], ['No', false]].forEach(function (choice) {
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'button button--outline button--primary ' + WIDGET_CLASS + '__answer';
      button.textContent = choice[0];
      button.addEventListener('click', function () {
        answer(box, choice[1]);
      });
      choices.appendChild(button);
    });
    box.appendChild(choices);
    return box;
  }

  function mount() {
    var article = document.querySelector('.theme-doc-markdown');
    if (!article || article.parentElement.querySelector('.' + WIDGET_CLASS)) return;
    article.insertAdjacentElement('afterend', build());
  }

  // Touching the article before React has hydrated it makes React discard the
  // server HTML. Hydration completes children first, so once the root's last
  // element carries React's fiber key the whole page has been claimed.
  function hydrated(root) {
    var last = root.lastElementChild;
    return Boolean(last) && Object.keys(last).some(function (key) {
      return key.indexOf('__reactFiber') === 0;
    });
  }

  function start() {
    var root = document.getElementById('__docusaurus');
    if (!root) return;
    if (!hydrated(root)) {
      setTimeout(start, 100);
      return;
    }
    mount();
    new MutationObserver(mount).observe(root, {childList: true, subtree: true});
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();
