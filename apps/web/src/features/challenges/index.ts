export { ChallengeList } from './components/challenge-list';
export { ChallengeDetail } from './components/challenge-detail';
export { useCategories } from './api/get-categories';
export { ChallengePreview } from './components/challenge-sheet';
export { categoriesQueryOptions } from './api/get-categories';
export { challengeQueryOptions } from './api/get-challenge';
