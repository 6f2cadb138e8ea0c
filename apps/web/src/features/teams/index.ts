export { useMyTeam } from './api/teams';
export { PublicTeamPage, TeamPage } from './components/team-page';
