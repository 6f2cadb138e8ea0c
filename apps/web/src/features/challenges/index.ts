export { ChallengeList } from './components/challenge-list';
export { ChallengeDetail } from './components/challenge-detail';
export { prefetchCategories, useCategories } from './api/get-categories';
export { prefetchChallenge } from './api/get-challenge';
export { prefetchChallenges } from './api/get-challenges';
