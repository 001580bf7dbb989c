import { useParams } from 'react-router';
import { useInstitution } from '../../features/chrome/api/get-institution';
import { BasketExport } from '../../features/basket/components/basket-export';
import { SharedListScreen } from '../../features/lists/components/shared-list-screen';

/** /lista/{token}: a list shared by link (decision 0043), read-only, exported like the basket. */
export function SharedListRoute() {
  const { token = '' } = useParams();
  const sendsEmail = useInstitution().envia_email === true;
  return (
    <SharedListScreen
      key={token}
      token={token}
      renderExport={(ids) => <BasketExport ids={ids} sendsEmail={sendsEmail} />}
    />
  );
}
