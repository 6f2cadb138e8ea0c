export { ChallengeList } from './components/challenge-list';
export { ChallengeDetail } from './components/challenge-detail';
export { useChallenges } from './api/get-challenges';
export { useCategories } from './api/get-categories';
