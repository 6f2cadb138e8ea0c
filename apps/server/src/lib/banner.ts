/** What a person starting the server in a terminal needs to know, in a few lines (JSON logs stay for collectors). */
export function formatBanner(info: {
  url: string;
  database: 'pglite' | 'postgres';
  dataDir: string;
  adminEmail?: string;
}): string {
  const database = info.database === 'pglite' ? `embedded PGlite in ${info.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const admin = info.adminEmail
    ? `${info.adminEmail} (from ADMIN_EMAIL)`
    : 'the account created at first start; its password was printed then, once';
  return ['', `  Drapeau is ready: ${info.url}`, `  Database: ${database}`, `  Admin:    ${admin}`, '', ''].join('\n');
}
