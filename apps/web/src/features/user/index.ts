export { ProfileCard, MY_PATH } from './components/profile-card';
export { MyMenu, Chevron } from './components/my-menu';
export { LinkList, type LinkListItem } from './components/link-list';
export { LanguageSwitch, LANGUAGE_NAMES } from './components/language-switch';
export { ProfileSwitches } from './components/profile-switches';
export { AvatarEditor, NicknameForm } from './components/profile-editor';
export { RealNameVerification } from './components/real-name';
export { DocView, docTypeOf, useDocTitle, DOC_TYPES, type DocType } from './components/doc-view';
export { AboutView, VERSION_PAGE } from './components/about-view';
export { VersionCheck } from './components/version-check';
export { UserAvatar } from './components/user-avatar';
export { HomeHeader, HomeBody } from './components/home-frame';
export {
  personQuery,
  realNameQuery,
  versionCheckQuery,
  updatePerson,
  useUpdatePerson,
  useUploadAvatar,
  useSubmitRealName,
} from './api/user.api';
