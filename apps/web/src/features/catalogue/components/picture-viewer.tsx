import { ImageViewer } from 'antd-mobile';
import { IMAGE_PREVIEW_ZOOM } from '@simshop/contracts';

/** Full-screen preview of pictures, swiping between them and zooming 1x to 4x (loaded apart: lazy-parts). */
export default function PictureViewer({
  pictures,
  index,
  onClose,
}: {
  pictures: string[];
  index: number;
  onClose: () => void;
}) {
  return (
    <ImageViewer.Multi
      images={pictures}
      defaultIndex={index}
      maxZoom={IMAGE_PREVIEW_ZOOM.max}
      visible
      onClose={onClose}
    />
  );
}
