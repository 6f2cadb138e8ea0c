// A competition for Lighthouse's signed-in pages (docs/performance.md "Lighthouse"): --users players and --solves solves
// seeded by bulk SQL (bench/lib/seed.ts) on the database of a server that has started once on it, and the top player
// given the admin's password, so that scripts/lighthouse.mjs signs in as a player with a full leaderboard, a profile of
// solves and a challenge list of solve counts.
//   node --import tsx bench/lighthouse-seed.ts <PostgreSQL URL> [users] [solves]     (default 2,000 and 20,000)
import { seedCompetition } from './lib/seed.js';
import { openPostgres } from './lib/sql-runner.js';

const [url, users = '2000', solves = '20000'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node --import tsx bench/lighthouse-seed.ts <PostgreSQL URL> [users] [solves]');
  process.exit(2);
}
const db = await openPostgres(url);
try {
  const seed = await seedCompetition(db, { users: Number(users), solves: Number(solves) });
  // The player with the highest score signs in with the admin's password (the seeded players have no credential).
  const [top] = await db.query<{ id: string; email: string }>(
    `select u.id, u.email from users u join solves s on s.user_id = u.id join challenges c on c.id = s.challenge_id
     where u.role = 'user' group by u.id order by sum(c.points) desc limit 1`,
  );
  if (!top) throw new Error('no player was seeded');
  await db.query(
    `insert into accounts (id, account_id, provider_id, user_id, password)
     select 'lighthouse-' || $1, $1, 'credential', $1, a.password from accounts a join users admin on admin.id = a.user_id
     where admin.role = 'admin' and a.provider_id = 'credential' order by admin.created_at limit 1`,
    [top.id],
  );
  console.log(
    `seeded ${users} players and ${solves} solves in ${seed.seconds.toFixed(1)} s; sign in as ${top.email} with the admin's password`,
  );
} finally {
  await db.close();
}
