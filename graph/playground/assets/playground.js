// The Folio playground: GraphiQL against this server's /graphql, sending the
// API token typed into the bar (kept in localStorage, never in the URL).
(function () {
  'use strict';
  var KEY = 'folio.apiToken';
  var input = document.getElementById('folio-token');
  var state = document.getElementById('folio-token-state');
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));

  function token() { return (localStorage.getItem(KEY) || '').trim(); }

  function fetcher(params) {
    var headers = { 'Content-Type': 'application/json', 'Accept': 'application/json' };
    if (token()) headers['Authorization'] = 'Bearer ' + token();
    return fetch('/graphql', { method: 'POST', headers: headers, body: JSON.stringify(params) })
      .then(function (res) { return res.json(); });
  }

  function render() {
    state.textContent = token() ? 'token set' : 'no token: introspection and most fields need one';
    // A new key remounts GraphiQL, so the schema is fetched again with the new token.
    root.render(React.createElement(GraphiQL, {
      key: token(),
      fetcher: fetcher,
      defaultQuery: '# Set your API token above, then run:\n{\n  organizations {\n    items { id title }\n  }\n}\n',
    }));
  }

  input.value = token();
  input.addEventListener('change', function () {
    localStorage.setItem(KEY, input.value.trim());
    render();
  });
  render();
})();
