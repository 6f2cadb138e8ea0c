// Test-only HTTP checks for scripts/test-containers.sh: `node smoke.mjs <check> <baseUrl> [args]`, exit 1 on failure.
const [check, base, ...args] = process.argv.slice(2);

function fail(message) {
  console.error(`smoke ${check}: ${message}`);
  process.exit(1);
}

async function call(method, path, { body, cookie } = {}) {
  const response = await fetch(base + path, {
    method,
    headers: {
      origin: base,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const setCookie = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text), cookie: setCookie.join('; ') || cookie };
}

async function login(email, password) {
  const response = await call('POST', '/api/auth/login', { body: { email, password } });
  if (response.status !== 200) fail(`login ${email}: ${response.status} ${response.text}`);
  return response.cookie;
}

const checks = {
  async app() {
    const page = await call('GET', '/');
    if (page.status !== 200 || !page.text.includes('id="root"')) fail(`GET / gave ${page.status}`);
    const ready = await call('GET', '/api/ready');
    if (ready.status !== 200) fail(`GET /api/ready gave ${ready.status} ${ready.text}`);
  },
  async register(email, password) {
    const response = await call('POST', '/api/auth/register', {
      body: {
        email,
        password,
        username: email
          .split('@')[0]
          .replace(/[^a-z0-9]/gi, '')
          .slice(0, 20),
      },
    });
    if (response.status !== 200) fail(`register: ${response.status} ${response.text}`);
  },
  async login(email, password) {
    await login(email, password);
  },
  async solve(adminEmail, adminPassword) {
    const admin = await login(adminEmail, adminPassword);
    // A new deployment gives the pack per-player flags (docs/challenge-authoring.md#per-player-flags): the admin turns
    // them off, as an organiser may, so that the flag list's deployment-wide flag is the one to submit.
    const perUser = await call('PUT', '/api/admin/settings/per-user-flags', {
      body: { isBuiltInPackPerUser: false },
      cookie: admin,
    });
    if (perUser.status !== 200) fail(`per-user-flags: ${perUser.status} ${perUser.text}`);
    const flags = (await call('GET', '/api/admin/challenges/flags', { cookie: admin })).json().flags;
    const { id, flag } = flags[0];
    const email = `solver${Date.now()}@example.com`;
    const registered = await call('POST', '/api/auth/register', {
      body: { email, password: 'solver-password', username: `solver${Date.now() % 1e8}` },
    });
    if (registered.status !== 200) fail(`register: ${registered.status} ${registered.text}`);
    const submitted = await call('POST', `/api/challenges/${id}/submit`, { body: { flag }, cookie: registered.cookie });
    if (submitted.json().status !== 'correct') fail(`submit: ${submitted.status} ${submitted.text}`);
    const board = await call('GET', '/api/leaderboard', { cookie: registered.cookie });
    if (!board.text.includes(registered.json().user.username)) fail('the solver is not on the leaderboard');
    console.log(`solved ${id} through the stack; the leaderboard shows the solver`);
  },
};

if (!checks[check]) fail('unknown check');
await checks[check](...args);
