import type { ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

interface AdminSectionProps {
  title: string;
  description: string;
  /** Filters or buttons, beside the title on wide screens and under it on phones. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The card each admin tab draws itself in. */
export function AdminSection({ title, description, actions, children }: AdminSectionProps) {
  return (
    <Card>
      <CardHeader className="gap-4 md:flex-row md:items-end md:justify-between">
        <div className="grid gap-1.5">
          <h2 className="text-lg leading-tight font-semibold">{title}</h2>
          <CardDescription>{description}</CardDescription>
        </div>
        {actions}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
