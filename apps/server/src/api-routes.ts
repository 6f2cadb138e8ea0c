import type { FastifyInstance } from 'fastify';

import type { Config } from './config.js';
import type { Guards } from './http/auth-guards.js';
import type { Metrics } from './http/metrics.js';
import { resolveRateLimits, type LimiterFor } from './http/rate-limits.js';
import type { AdminService } from './modules/admin/admin.service.js';
import type { AnnouncementsService } from './modules/announcements/announcements.service.js';
import type { AuditService } from './modules/audit/audit.service.js';
import type { AccountService } from './modules/auth/account.service.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { ClassesService } from './modules/classes/classes.service.js';
import type { BetterAuth } from './modules/auth/better-auth.js';
import type { PasskeysService } from './modules/auth/passkeys.service.js';
import type { SessionsService } from './modules/auth/sessions.service.js';
import type { TwoFactorService } from './modules/auth/two-factor.service.js';
import type { UsernamePolicy } from './modules/auth/username-policy.js';
import type { BackupService } from './modules/backup/backup.service.js';
import type { BadgesService } from './modules/badges/badges.service.js';
import type { BansService } from './modules/bans/bans.service.js';
import type { ChallengeFilesService } from './modules/challenge-files/challenge-files.service.js';
import type { AttachmentsService } from './modules/challenges/attachments/attachments.service.js';
import type { AuthoringService } from './modules/challenges/authoring/authoring.service.js';
import type { CatalogueTransferService } from './modules/challenges/import-export/catalogue-transfer.service.js';
import type { ChallengesService } from './modules/challenges/catalogue/challenges.service.js';
import type { EventService } from './modules/seasons/event.service.js';
import type { SeasonsService } from './modules/seasons/seasons.service.js';
import type { EventBus } from './modules/events/event-bus.js';
import type { LabsService } from './modules/labs/labs.service.js';
import type { LeaderboardService } from './modules/leaderboard/leaderboard.service.js';
import type { ScoreGraphService } from './modules/leaderboard/score-graph.service.js';
import type { Mailer } from './modules/mail/mailer.js';
import type { SettingsService } from './modules/settings/settings.service.js';
import type { SubmissionsService } from './modules/submissions/submissions.service.js';
import type { Readiness } from './modules/system/readiness.js';
import type { SystemService } from './modules/system/system.service.js';
import type { TeamsService } from './modules/teams/teams.service.js';
import type { TokensService } from './modules/tokens/tokens.service.js';
import type { UsersService } from './modules/users/users.service.js';
import type { WriteUpsService } from './modules/write-ups/write-ups.service.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { announcementsAdminRoutes, announcementsRoutes } from './modules/announcements/announcements.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { accountRoutes } from './modules/auth/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { passkeysRoutes } from './modules/auth/passkeys.routes.js';
import { sessionsRoutes } from './modules/auth/sessions.routes.js';
import { ssoRoutes } from './modules/auth/sso.routes.js';
import { twoFactorAdminRoutes, twoFactorRoutes } from './modules/auth/two-factor.routes.js';
import { badgesRoutes } from './modules/badges/badges.routes.js';
import { classesRoutes } from './modules/classes/classes.routes.js';
import { bansRoutes } from './modules/bans/bans.routes.js';
import { challengeFilesRoutes } from './modules/challenge-files/challenge-files.routes.js';
import { catalogueAdminRoutes } from './modules/challenges/authoring/catalogue.admin-routes.js';
import { challengesAdminRoutes } from './modules/challenges/authoring/challenges.admin-routes.js';
import { categoriesRoutes, challengesRoutes } from './modules/challenges/catalogue/challenges.routes.js';
import { instancesAdminRoutes } from './modules/instances/instances.admin-routes.js';
import { instancesRoutes } from './modules/instances/instances.routes.js';
import type { InstancesService } from './modules/instances/instances.service.js';
import { labsRoutes } from './modules/labs/labs.routes.js';
import { submissionsRoutes } from './modules/submissions/submissions.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { eventGate, eventRoutes, frozenAtOf } from './modules/seasons/event.routes.js';
import { seasonsRoutes } from './modules/seasons/seasons.routes.js';
import { mailAdminRoutes } from './modules/mail/mail.admin-routes.js';
import { isCtftimeFeedOpen } from './modules/leaderboard/ctftime-feed.js';
import { leaderboardRoutes, scoreboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { scoreGraphRoutes } from './modules/leaderboard/score-graph.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { backupAdminRoutes } from './modules/backup/backup.admin-routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { teamsAdminRoutes } from './modules/teams/teams.admin-routes.js';
import type { TeamsAdminService } from './modules/teams/teams-admin.service.js';
import { teamsRoutes } from './modules/teams/teams.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { tokensAdminRoutes } from './modules/tokens/tokens.admin-routes.js';
import { tokensRoutes } from './modules/tokens/tokens.routes.js';
import { challengeWriteUpsRoutes, writeUpModerationRoutes } from './modules/write-ups/write-ups.routes.js';

/** What the API's routes are given: the services that app.ts (the composition root) built. */
export interface ApiRouteDeps {
  systemService: SystemService;
  readiness: Readiness;
  authService: AuthService;
  guards: Guards;
  limiterFor: LimiterFor;
  config: Config;
  usernamePolicy: UsernamePolicy;
  accountService: AccountService;
  twoFactorService: TwoFactorService;
  passkeysService: PasskeysService;
  sessionsService: SessionsService;
  betterAuth: BetterAuth;
  challengesService: ChallengesService;
  submissionsService: SubmissionsService;
  labsService: LabsService;
  instancesService: InstancesService;
  usersService: UsersService;
  leaderboardService: LeaderboardService;
  scoreGraphService: ScoreGraphService;
  badgesService: BadgesService;
  events: EventBus;
  metrics: Metrics;
  challengeFilesService: ChallengeFilesService;
  authoringService: AuthoringService;
  transferService: CatalogueTransferService;
  secrets: { instanceSecret: string };
  attachmentsService: AttachmentsService;
  adminService: AdminService;
  auditService: AuditService;
  bansService: BansService;
  announcementsService: AnnouncementsService;
  classesService: ClassesService;
  tokensService: TokensService;
  mailer: Mailer;
  backupService: BackupService;
  settingsService: SettingsService;
  eventService: EventService;
  seasonsService: SeasonsService;
  writeUpsService: WriteUpsService;
  teamsService: TeamsService;
  teamsAdminService: TeamsAdminService;
}

/** Every route under /api, each plugin with what it needs (docs/how-to/add-a-route.md). */
export async function registerApiRoutes(app: FastifyInstance, s: ApiRouteDeps): Promise<void> {
  // docs/product.md#freeze: what each request's viewer is cut at.
  const frozenAt = frozenAtOf(s.eventService);
  const limits = resolveRateLimits(s.config);
  await app.register(
    async (api) => {
      // docs/decisions/012-accounts.md#api-tokens: a header naming no valid token answers 401 on every route.
      api.addHook('onRequest', s.guards.rejectInvalidToken);
      // Answers are `Cache-Control: no-store` unless a route says otherwise (http/security-headers.ts).
      await api.register(systemRoutes, {
        system: s.systemService,
        readiness: s.readiness,
      });
      await api.register(authRoutes, {
        prefix: '/auth',
        auth: s.authService,
        guards: s.guards,
        accountLimiter: s.limiterFor('login'),
        limits,
        usernamePolicy: s.usernamePolicy,
        localSignUp: s.config.localSignUp,
      });
      await api.register(ssoRoutes, {
        prefix: '/auth',
        auth: s.betterAuth,
        oidc: s.config.oidc,
        localSignUp: s.config.localSignUp,
        limits,
      });
      await api.register(accountRoutes, {
        prefix: '/auth',
        account: s.accountService,
        guards: s.guards,
        mailLimiter: s.limiterFor('mail'),
        accountLimiter: s.limiterFor('password-change'),
        limits,
      });
      await api.register(twoFactorRoutes, {
        prefix: '/auth',
        twoFactor: s.twoFactorService,
        guards: s.guards,
        limits,
      });
      await api.register(passkeysRoutes, {
        prefix: '/auth',
        passkeys: s.passkeysService,
        guards: s.guards,
        limits,
      });
      await api.register(sessionsRoutes, {
        prefix: '/account',
        sessions: s.sessionsService,
        guards: s.guards,
        limits,
      });
      // The players' challenge routes, closed to players before an event starts (docs/product.md#events).
      await api.register(async (gated) => {
        gated.addHook('preHandler', eventGate(s.eventService));
        await gated.register(challengesRoutes, {
          prefix: '/challenges',
          challenges: s.challengesService,
          guards: s.guards,
          frozenAt,
        });
        await gated.register(submissionsRoutes, { prefix: '/challenges', submissions: s.submissionsService, guards: s.guards });
        await gated.register(labsRoutes, { prefix: '/challenges', labs: s.labsService, guards: s.guards });
        await gated.register(instancesRoutes, { prefix: '/challenges', instances: s.instancesService, guards: s.guards });
        await gated.register(challengeFilesRoutes, { prefix: '/challenges', files: s.challengeFilesService, guards: s.guards });
        await gated.register(challengeWriteUpsRoutes, { prefix: '/challenges', writeUps: s.writeUpsService, guards: s.guards });
      });
      await api.register(eventRoutes, { prefix: '/event', event: s.eventService });
      await api.register(seasonsRoutes, { prefix: '/seasons', seasons: s.seasonsService, guards: s.guards });
      await api.register(usersRoutes, { prefix: '/users', users: s.usersService, guards: s.guards, frozenAt });
      await api.register(leaderboardRoutes, {
        prefix: '/leaderboard',
        leaderboard: s.leaderboardService,
        guards: s.guards,
        frozenAt,
      });
      // The CTFtime feed is public during an event or once published: frozen for everyone during a freeze.
      await api.register(scoreboardRoutes, {
        prefix: '/scoreboard',
        leaderboard: s.leaderboardService,
        isOpen: () => isCtftimeFeedOpen(s.eventService.state().phase, s.settingsService.get().ctftimeFeedPublished),
        frozenAt: () => s.eventService.state().frozenAt,
      });
      await api.register(scoreGraphRoutes, { prefix: '/leaderboard', scoreGraph: s.scoreGraphService, guards: s.guards });
      await api.register(badgesRoutes, { prefix: '/badges', badges: s.badgesService, guards: s.guards });
      await api.register(eventsRoutes, {
        prefix: '/events',
        events: s.events,
        isFrozen: () => s.eventService.state().isFrozen,
        teamOf: async (userId) => (s.teamsService.isTeamMode() ? s.teamsService.findTeamIdOf(userId) : undefined),
        guards: s.guards,
        onClientCount: s.metrics.setLiveClients,
      });
      await api.register(categoriesRoutes, { prefix: '/categories', challenges: s.challengesService, guards: s.guards });
      await api.register(challengesAdminRoutes, {
        prefix: '/admin',
        challenges: s.challengesService,
        authoring: s.authoringService,
        transfer: s.transferService,
        instanceSecret: s.secrets.instanceSecret,
        guards: s.guards,
      });
      await api.register(catalogueAdminRoutes, {
        prefix: '/admin',
        attachments: s.attachmentsService,
        authoring: s.authoringService,
        files: s.challengeFilesService,
        guards: s.guards,
      });
      await api.register(adminRoutes, { prefix: '/admin', admin: s.adminService, guards: s.guards });
      await api.register(auditRoutes, { prefix: '/admin', audit: s.auditService, guards: s.guards });
      await api.register(bansRoutes, { prefix: '/admin', bans: s.bansService, guards: s.guards });
      await api.register(announcementsRoutes, {
        prefix: '/announcements',
        announcements: s.announcementsService,
        guards: s.guards,
      });
      await api.register(classesRoutes, {
        prefix: '/classes',
        classes: s.classesService,
        guards: s.guards,
        frozenAt,
        limits,
      });
      await api.register(announcementsAdminRoutes, { prefix: '/admin', announcements: s.announcementsService, guards: s.guards });
      await api.register(writeUpModerationRoutes, { prefix: '/write-ups', writeUps: s.writeUpsService, guards: s.guards });
      await api.register(tokensRoutes, { prefix: '/tokens', tokens: s.tokensService, guards: s.guards });
      await api.register(twoFactorAdminRoutes, { prefix: '/admin', twoFactor: s.twoFactorService, guards: s.guards });
      await api.register(tokensAdminRoutes, { prefix: '/admin', tokens: s.tokensService, guards: s.guards });
      await api.register(mailAdminRoutes, { prefix: '/admin', mailer: s.mailer, guards: s.guards });
      await api.register(backupAdminRoutes, {
        prefix: '/admin',
        backup: s.backupService,
        audit: s.auditService,
        guards: s.guards,
      });
      await api.register(settingsRoutes, { prefix: '/admin', settings: s.settingsService, guards: s.guards });
      await api.register(teamsRoutes, { prefix: '/teams', teams: s.teamsService, guards: s.guards, frozenAt });
      await api.register(teamsAdminRoutes, { prefix: '/admin', teamsAdmin: s.teamsAdminService, guards: s.guards });
      await api.register(instancesAdminRoutes, { prefix: '/admin', instances: s.instancesService, guards: s.guards });
      api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
    },
    { prefix: '/api' },
  );
}
