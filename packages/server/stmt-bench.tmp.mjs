import { openDatabase } from '/work/main/packages/server/dist/db/client.js';
import { recordAttempt } from '/work/main/packages/server/dist/features/learning/learning.repository.js';
import { sql } from 'drizzle-orm';
const { db, close } = await openDatabase({ url: process.argv[2], dataDir: '' });
const r = await db.execute(sql`select distinct on (e.user_id) e.user_id, e.course_id, r.id as resource_id
  from enrollments e join resources r on r.course_id = e.course_id and r.type='quiz' order by e.user_id, e.course_id, r.id limit 10`);
const crowd = r.rows;
const n = Number(process.argv[3] ?? 10);
const same = process.argv[4] === 'same';
for (let round = 0; round < 3; round++) {
  const t0 = performance.now(); let k = 0;
  for (let i = 0; i < 200; i++) {
    const first = recordAttempt(db, { userId: crowd[0].user_id, courseId: crowd[0].course_id, resourceId: crowd[0].resource_id, score: 50, answers: [] });
    const rest = crowd.slice(0, n).map((c) => { const cc = same ? crowd[0] : c; return recordAttempt(db, { userId: cc.user_id, courseId: cc.course_id, resourceId: cc.resource_id, score: Math.random()*100, answers: [{_id:'x',answer:'y'}] }); });
    await first; const t1 = performance.now(); await Promise.all(rest); k += performance.now() - t1;
  }
  console.log(same ? 'same' : 'distinct', n, 'batch ms', (k / 200).toFixed(2), 'cycle ms', ((performance.now() - t0) / 200).toFixed(2));
}
await close();
