// The Folio playground: GraphiQL against this server's /graphql, sending the
// API token typed into the bar (kept in localStorage, never in the URL) and
// the headers of GraphiQL's headers editor. GraphiQL keeps its tabs (each
// with its query, variables and headers) in this browser's localStorage
// too, so they survive a reload.
(function () {
  'use strict';
  var KEY = 'folio.apiToken';
  var input = document.getElementById('folio-token');
  var state = document.getElementById('folio-token-state');
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));

  function token() { return (localStorage.getItem(KEY) || '').trim(); }

  // The headers editor's headers go with every request, each replacing one
  // of the same name (an Authorization typed there wins over the bar's
  // token). The response is read whatever
  // its status: application/graphql-response+json answers a refused
  // request with 4xx and its errors.
  function fetcher(params, opts) {
    var headers = { 'Content-Type': 'application/json',
      'Accept': 'application/graphql-response+json, application/json;q=0.9' };
    if (token()) headers['Authorization'] = 'Bearer ' + token();
    var extra = (opts && opts.headers) || {};
    Object.keys(extra).forEach(function (name) {
      Object.keys(headers).forEach(function (have) {
        if (have.toLowerCase() === name.toLowerCase()) delete headers[have];
      });
      headers[name] = extra[name];
    });
    return fetch('/graphql', { method: 'POST', headers: headers, body: JSON.stringify(params) })
      .then(function (res) { return res.json(); });
  }

  // The fetcher reads the token when a query runs, so a token typed or
  // pasted a moment ago is sent by the very next Run. GraphiQL stays
  // mounted (a remount would swallow the click that blurred the field, and
  // the editor's state); a new fetcher makes it fetch the schema again.
  function schemaFetcher() { return function (params, opts) { return fetcher(params, opts); }; }

  function describe() {
    state.textContent = token() ? 'token set'
      : 'no token: create one with `folio token create --email you@example.com` (or `folio seed` for demo data) and paste it here';
  }

  function render() {
    describe();
    root.render(React.createElement(GraphiQL, {
      fetcher: schemaFetcher(),
      // Headers are kept with the tabs in localStorage, as the token is.
      shouldPersistHeaders: true,
      defaultQuery: '# Set your API token above, then run:\n{\n  organizations {\n    items { id title }\n  }\n}\n',
    }));
  }

  var refetch;
  input.value = token();
  input.addEventListener('input', function () {
    localStorage.setItem(KEY, input.value.trim());
    describe();
    // Fetch the schema again once typing pauses.
    clearTimeout(refetch);
    refetch = setTimeout(render, 400);
  });
  render();
})();
