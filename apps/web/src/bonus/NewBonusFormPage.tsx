import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { linkTo } from '@pitboss/contract';
import { useScope } from '../shell/useScope';
import BonusFormsPage from './BonusFormsPage';
import { lazyDialog } from '../kit/lazyDialog';

const NewBonusFormDialog = lazyDialog(() => import('./BonusDialogs'), 'NewBonusFormDialog');

/** /bonus/form/new — New Bonus Form as a drawer over the forms list (a child route: Back or closing returns to the list). */
export default function NewBonusFormPage() {
  const navigate = useNavigate();
  const { opId, scopeSearch } = useScope();
  return (
    <>
      <BonusFormsPage />
      <Suspense fallback={null}>
        <NewBonusFormDialog opId={opId} onClose={() => void navigate(linkTo('/bonus/form', undefined, scopeSearch))} />
      </Suspense>
    </>
  );
}
