import { lazy } from 'react';

// Parts of the goods pages that are not on their first screen: antd's sheets, dialog and picture viewer, with
// the gestures and animations they bring (issue 27: they were 52 KB gzip of a plan page's first load, against
// 136 KB for a whole catalogue page). Each is its own chunk, fetched at the visitor's first touch or key and
// drawn from the first time it opens (model/use-shown-once).

export const loadPictureViewer = () => import('./picture-viewer');
export const PictureViewer = lazy(loadPictureViewer);

export const loadSpecPicker = () => import('./spec-picker');
export const SpecPicker = lazy(() => loadSpecPicker().then((m) => ({ default: m.SpecPicker })));

export const loadCoverageSheet = () => import('./coverage-sheet');
export const CoverageSheet = lazy(() => loadCoverageSheet().then((m) => ({ default: m.CoverageSheet })));

export const loadShareSheet = () => import('./share-sheet');
export const ShareSheet = lazy(() => loadShareSheet().then((m) => ({ default: m.ShareSheet })));
