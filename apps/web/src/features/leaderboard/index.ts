export { LeaderboardPage } from './components/leaderboard-page';
export { prefetchLeaderboard } from './api/get-leaderboard';
export { prefetchScoreGraph } from './api/get-score-graph';
