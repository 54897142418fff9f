import { UnderConstruction } from '../../app/under-construction';

/** Placeholder until its feature's issue lands. */
export default function IndexCategoryPage() {
  return <UnderConstruction path="/pages/index/category" />;
}
