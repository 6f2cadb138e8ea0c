export { StudentClassPage } from './components/student-class-page';
export { TeacherClassesPage } from './components/teacher-classes-page';
export { ClassDetailPage } from './components/class-detail-page';
