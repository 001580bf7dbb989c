import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import type * as Lists from '../../lists/components/add-to-list';
import type * as Dialog from '../../circulation/components/hold-dialog';
import type * as Hold from '../../circulation/components/hold-form';
import type * as Request from '../../circulation/components/loan-request-form';
import { LoadingBlock } from '../../../components/ui/query-state';

// Issue 18, a light first load: the record page draws a visitor's first screen without the parts
// only a signed-in patron uses (the list menu, the hold dialog; title-comments.tsx does the same
// for the comment form) or another tab shows (the hold and loan request forms). Each loads when it
// is first drawn, with the form kit, the pop-up and the menu code behind it; while it loads,
// something of its size holds its place.

const LoadedAddToList = lazy(async () => ({
  default: (await import('../../lists/components/add-to-list')).AddToList,
}));
const LoadedHoldDialog = lazy(async () => ({
  default: (await import('../../circulation/components/hold-dialog')).HoldDialog,
}));
const LoadedHoldForm = lazy(async () => ({
  default: (await import('../../circulation/components/hold-form')).HoldForm,
}));
const LoadedLoanRequestForm = lazy(async () => ({
  default: (await import('../../circulation/components/loan-request-form')).LoanRequestForm,
}));

/** "Save to a list": until its menu has loaded, the same button, not yet usable. */
export function AddToList(props: ComponentProps<typeof Lists.AddToList>) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Button variant="light" disabled>
          {props.label ?? t('lists.saveTo')}
        </Button>
      }
    >
      <LoadedAddToList {...props} />
    </Suspense>
  );
}

/** The hold dialog: closed, it draws nothing, so nothing holds its place. */
export function HoldDialog(props: ComponentProps<typeof Dialog.HoldDialog>) {
  return (
    <Suspense fallback={null}>
      <LoadedHoldDialog {...props} />
    </Suspense>
  );
}

/** The hold tab's form. */
export function HoldForm(props: ComponentProps<typeof Hold.HoldForm>) {
  return (
    <Suspense fallback={<LoadingBlock />}>
      <LoadedHoldForm {...props} />
    </Suspense>
  );
}

/** The loan request tab's form. */
export function LoanRequestForm(props: ComponentProps<typeof Request.LoanRequestForm>) {
  return (
    <Suspense fallback={<LoadingBlock />}>
      <LoadedLoanRequestForm {...props} />
    </Suspense>
  );
}
