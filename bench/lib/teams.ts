// The team-mode figure of `npm run bench` (--only=teams, and in every full run): the seeded competition turned into
// teams of 5 by bulk SQL, then the team leaderboard (page 1 and search) under load and a solve reaching live clients,
// beside a bare Node server answering the same bytes. See docs/performance.md#team-mode.
import { httpRequest } from './http-client.js';
import { type LiveResult, type LoadResult, runLive, runLoad } from './load.js';
import { userId } from './sessions.js';
import type { SqlRunner } from './sql-runner.js';

export const TEAM_SIZE = 5;
/** Team `i` (1-based) is named benchteam0001…; a search of `benchteamNNN` finds about 10 teams. */
export const TEAM_SEARCH_PATHS = (teams: number) =>
  Array.from(
    { length: Math.max(1, Math.floor(teams / 10)) },
    (_, i) => `/api/leaderboard?search=benchteam${String(i).padStart(3, '0')}`,
  );

interface TeamsSeed {
  teams: number;
  players: number;
  solves: number;
  removedDuplicates: number;
  seconds: number;
}

/**
 * Turns the seeded solo competition into teams of TEAM_SIZE, by bulk SQL on the stopped server's store: team mode on
 * (the size limit TEAM_SIZE), player `i` in team ceil(i / TEAM_SIZE), every solve the team's, and where two members
 * solved one challenge the earlier solve kept and the other removed (the rule of an admin merge,
 * docs/decisions/016-teams.md). Scores are derived from the solves by the server's ledger: nothing else to rewrite.
 */
export async function seedTeams(db: SqlRunner, users: number): Promise<TeamsSeed> {
  const started = performance.now();
  const teams = Math.ceil(users / TEAM_SIZE);
  const [before] = await db.query<{ n: number }>('select count(*)::int as n from solves');
  await db.exec(`
    begin;
    insert into platform_settings (id, data) values (1, '{}') on conflict (id) do nothing;
    update platform_settings
       set data = jsonb_set(data, '{teams}', '{"enabled": true, "maxSize": ${TEAM_SIZE}}'), revision = revision + 1;
    insert into teams (id, name, invite_code, captain_id, created_at)
    select 'bench-t' || lpad(t::text, 5, '0'), 'benchteam' || lpad(t::text, 4, '0'), md5('drapeau-bench-team-' || t),
           'bench-u' || lpad(((t - 1) * ${TEAM_SIZE} + 1)::text, 6, '0'), now() - interval '3 days'
    from generate_series(1, ${teams}) as t;
    insert into team_members (user_id, team_id, joined_at)
    select 'bench-u' || lpad(i::text, 6, '0'), 'bench-t' || lpad(((i - 1) / ${TEAM_SIZE} + 1)::text, 5, '0'),
           now() - interval '3 days'
    from generate_series(1, ${users}) as i;
    with ranked as (
      select s.id, row_number() over (partition by m.team_id, s.challenge_id order by s.solved_at, s.id) as rn
      from solves s join team_members m on m.user_id = s.user_id
    )
    delete from solves where id in (select id from ranked where rn > 1);
    update solves s set team_id = m.team_id from team_members m where m.user_id = s.user_id;
    commit;
    analyze;
  `);
  const [after] = await db.query<{ n: number }>('select count(*)::int as n from solves');
  return {
    teams,
    players: users,
    solves: after?.n ?? 0,
    removedDuplicates: (before?.n ?? 0) - (after?.n ?? 0),
    seconds: (performance.now() - started) / 1000,
  };
}

/** Seeded players (1-based) of teams that have not solved `challengeId`, one per team. */
export async function playersOfTeamsWithoutSolve(db: SqlRunner, challengeId: string, count: number): Promise<number[]> {
  const rows = await db.query<{ id: string }>(
    `select min(m.user_id) as id from team_members m
      where not exists (select 1 from solves s where s.team_id = m.team_id and s.challenge_id = $1)
      group by m.team_id order by m.team_id desc limit $2`,
    [challengeId, count],
  );
  return rows.map((r) => Number(r.id.slice('bench-u'.length)));
}

/** No challenge solved twice by one team, no solve outside a team (team scores are derived from these solves). */
export async function checkTeamIntegrity(db: SqlRunner): Promise<{ doubledTeamSolves: number; teamlessSolves: number }> {
  const [doubled] = await db.query<{ n: number }>(
    'select count(*)::int as n from (select 1 from solves group by team_id, challenge_id having count(*) > 1) d',
  );
  const [teamless] = await db.query<{ n: number }>('select count(*)::int as n from solves where team_id is null');
  return { doubledTeamSolves: doubled?.n ?? -1, teamlessSolves: teamless?.n ?? -1 };
}

export interface TeamsResult {
  seed: TeamsSeed;
  leaderboard: LoadResult;
  search: LoadResult;
  live: LiveResult;
  integrity: { doubledTeamSolves: number; teamlessSolves: number };
}

/** The measures on a running server in team mode; `captured` receives the bytes it answered, for the bare server. */
export async function runTeamsLoads(options: {
  baseUrl: string;
  teams: number;
  load: { connections: number; durationSeconds: number; warmupSeconds: number; cookies: readonly string[]; serverPid: number };
  captured: { page?: string; search?: string };
  live: {
    clientCookies: readonly string[];
    challengeId: string;
    flag: string;
    players: number[];
    cookieOf: (i: number) => string;
  };
}): Promise<Omit<TeamsResult, 'seed' | 'integrity'>> {
  const cookie = options.load.cookies[0]!;
  const [searchPath] = TEAM_SEARCH_PATHS(options.teams);
  const page = await httpRequest(`${options.baseUrl}/api/leaderboard`, { headers: { cookie } });
  if (page.status !== 200 || !page.body.includes('"isTeams":true'))
    throw new Error(`team leaderboard answered ${page.status}: ${page.body.slice(0, 200)}`);
  const searched = await httpRequest(`${options.baseUrl}${searchPath}`, { headers: { cookie } });
  options.captured.page ??= page.body;
  options.captured.search ??= searched.body;
  const leaderboard = await runLoad({ baseUrl: options.baseUrl, path: '/api/leaderboard', ...options.load });
  const search = await runLoad({
    baseUrl: options.baseUrl,
    path: searchPath!,
    paths: TEAM_SEARCH_PATHS(options.teams),
    ...options.load,
  });
  const body = JSON.stringify({ flag: options.live.flag });
  const live = await runLive({
    baseUrl: options.baseUrl,
    clientCookies: options.live.clientCookies,
    solves: options.live.players.map((i) => ({
      key: `${userId(i)}|${options.live.challengeId}`,
      path: `/api/challenges/${options.live.challengeId}/submit`,
      body,
      cookie: options.live.cookieOf(i),
    })),
    gapMs: 200,
  });
  return { leaderboard, search, live };
}

export function renderTeams(kind: string, r: TeamsResult, bare?: { leaderboard: LoadResult; search: LoadResult }): string {
  const load = (l: LoadResult, b?: LoadResult) =>
    `${Math.round(l.requestsPerSecond)} req/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, ${Math.round(l.serverCpuUsPerRequest)} µs CPU/req, ` +
    `non-2xx ${l.non2xx}` +
    (b
      ? `; bare Node ${Math.round(b.requestsPerSecond)} req/s (ratio ${(l.requestsPerSecond / b.requestsPerSecond).toFixed(2)})`
      : '');
  return [
    `${kind}: ${r.seed.teams} teams of ${TEAM_SIZE} (${r.seed.players} players, ${r.seed.solves} team solves, ` +
      `${r.seed.removedDuplicates} duplicates removed) seeded in ${r.seed.seconds.toFixed(1)} s`,
    `${kind}: team leaderboard page 1: ${load(r.leaderboard, bare?.leaderboard)}`,
    `${kind}: team leaderboard search: ${load(r.search, bare?.search)}`,
    `${kind}: a team solve to ${r.live.connected}/${r.live.clients} live clients: p50 ${r.live.p50Ms.toFixed(1)} ms, ` +
      `p99 ${r.live.p99Ms.toFixed(1)} ms, missed ${r.live.expected - r.live.delivered}`,
    `${kind}: team integrity: ${r.integrity.doubledTeamSolves} challenges solved twice by a team, ` +
      `${r.integrity.teamlessSolves} solves without a team`,
  ].join('\n');
}
