export { ChallengeList } from './components/challenge-list';
export { ChallengeDetail } from './components/challenge-detail';
export { useCategories } from './api/get-categories';
