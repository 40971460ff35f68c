(() => {
  try {
    const plan = JSON.parse(document.getElementById('boot').textContent).early.search;
    const params = new URLSearchParams(location.search);
    const criteria = {};
    for (const name of plan.params) {
      const values = [...new Set(params.getAll(name).map((value) => value.trim()).filter(Boolean))];
      if (name === 'community' && values.length > 1) criteria[name] = values;
      else if (values.length > 0) criteria[name] = params.get(name).trim() || values[0];
    }
    const query = new URLSearchParams(Object.entries(criteria).flatMap(([name, value]) => [].concat(value).map((one) => [name, one]))).toString();
    const url = query ? `${plan.endpoint}?${query}` : plan.endpoint;
    const body = JSON.stringify(criteria);
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    const response = fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
    response.catch(() => undefined);
    window.estateSearch = { url, body, response };
  } catch {
    // The page's code then sends the search itself.
  }
})();
