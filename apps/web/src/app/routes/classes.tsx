import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';

import { useSession } from '@/features/auth';
import { useCategories } from '@/features/challenges';
import { ClassDetailPage, StudentClassPage, TeacherClassesPage } from '@/features/classes';
import { useLocale } from '@/lib/use-locale';

/** /class and /join-class/:code: a student's class, or the form to join one (the code of a join link filled in). */
export function StudentClassRoute() {
  const { data: user } = useSession();
  const { code } = useParams();
  return <StudentClassPage {...(code ? { initialCode: code } : {})} {...(user ? { currentUserId: user.uid } : {})} />;
}

const runsClasses = (rank: string | undefined) => rank === 'teacher' || rank === 'admin';

/** /teacher: teachers and admins (the server checks it too); anyone else goes to their own class page. */
export function TeacherClassesRoute() {
  const { data: user } = useSession();
  if (!runsClasses(user?.rank)) return <Navigate to="/class" replace />;
  return <TeacherClassesPage />;
}

/** /teacher/classes/:id: the matrix, with the categories' names in the active language. */
export function ClassDetailRoute() {
  const { data: user } = useSession();
  const { id = '' } = useParams();
  const locale = useLocale();
  const { t } = useTranslation('categories');
  const categories = useCategories();
  if (!runsClasses(user?.rank)) return <Navigate to="/class" replace />;
  const categoryName = (key: string) => {
    const category = categories.data?.categories.find((c) => c.key === key);
    return category ? category.name[locale] : t(key, { defaultValue: key });
  };
  return <ClassDetailPage classId={id} categoryName={categoryName} />;
}
