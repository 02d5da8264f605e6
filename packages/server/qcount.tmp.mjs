import pg from 'pg';
const orig = pg.Client.prototype.query;
const counts = new Map();
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.name ?? config?.text ?? '?');
  const k = String(text).replace(/\s+/g, ' ').slice(0, 70);
  counts.set(k, (counts.get(k) ?? 0) + 1);
  return orig.call(this, config, ...rest);
};
setInterval(() => { if (counts.size) { console.error('Q', JSON.stringify([...counts].sort((a,b)=>b[1]-a[1]).slice(0,8))); counts.clear(); } }, 3000).unref();
