/**
 * What a person starting the server in a terminal needs to know, in a few lines (JSON logs stay for collectors): the
 * address, the database, the data folder and the admin account, with its password the one time it was generated.
 */
export function formatBanner(info: {
  url: string;
  database: 'pglite' | 'postgres';
  dataDir: string;
  adminEmail?: string;
  /** The admin account created at this start, its password generated: shown here once, never logged. */
  createdAdmin?: { email: string; password: string };
}): string {
  const database = info.database === 'pglite' ? 'embedded PGlite (in the data folder)' : 'PostgreSQL (DATABASE_URL)';
  const admin = info.createdAdmin
    ? [
        `${info.createdAdmin.email}, password ${info.createdAdmin.password}`,
        '            (shown once: change it in your account; ADMIN_EMAIL/ADMIN_USERNAME/ADMIN_PASSWORD choose your own)',
      ].join('\n')
    : info.adminEmail
      ? `${info.adminEmail} (from ADMIN_EMAIL)`
      : 'the account created at first start; its password was printed then, once';
  return [
    '',
    `  Drapeau is ready: ${info.url}`,
    `  Database:   ${database}`,
    `  Data:       ${info.dataDir}`,
    `  Admin:      ${admin}`,
    '',
    '',
  ].join('\n');
}
