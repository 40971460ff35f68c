(() => {
  try {
    const plan = JSON.parse(document.getElementById('boot').textContent).early.search;
    const address = location.href;
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
    // Read whole as it comes and handed on as an answer of its own: the time-out is the network's.
    // The page's code takes the answer once it has run, seconds later on a slow phone, when the
    // time-out would have cut off an answer still unread ('No properties found').
    let response = fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) }).then(
      async (answer) => new Response(answer.body && (await answer.arrayBuffer()), answer),
    );
    const parsed = new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve));
    const pictureOf = (one) => one && (one.picture || (one.Images && one.Images[0] ? { src: one.Images[0] } : null));
    const plain = [...params.keys()].every((name) => plan.params.includes(name));
    const drawn = response.then(async (answer) => {
      const text = await answer.clone().text();
      const results = plain && answer.ok ? JSON.parse(text) : [];
      const picture = pictureOf(results[0]);
      if (picture) estatePhotos.preload(picture, plan.sizes);
      await parsed;
      if (location.href !== address) return;
      let first;
      document.querySelectorAll('.card-placeholder__media').forEach((box, index) => {
        const picture = pictureOf(results[index]);
        const img = picture && estatePhotos.draw(box, picture, plan.sizes, index === 0);
        first = first || img;
      });
      return first;
    });
    window.estateEarly = {
      take: (method, to, sent) => {
        const taken = method === 'POST' && to === url && sent === body ? response : undefined;
        if (taken) response = undefined;
        return taken;
      },
      drawn: drawn.catch(() => undefined),
    };
  } catch {
    // The page then sends it itself.
  }
})();
