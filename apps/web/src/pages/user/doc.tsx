import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { DocView, docTypeOf, useDocTitle } from '../../features/user';

/** /pages/user/doc?type=agreement|privacy: the user agreement or the privacy policy. */
export default function DocPage() {
  const [params] = useSearchParams();
  const type = docTypeOf(params.get('type'));
  const title = useDocTitle(type);
  return (
    <Page title={title}>
      <DocView type={type} />
    </Page>
  );
}
